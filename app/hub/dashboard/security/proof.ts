import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { headers } from "next/headers";
import { z } from "zod";
import type { ProofFormState } from "@/components/security/types";
import {
  freshProofFor,
  IdentityProofRefusedError,
  proveIdentity,
  sessionProofKinds,
  type IdentityProof,
  type ProofKind,
  type ProofPurpose,
  type SessionProof,
} from "@/lib/domains/accounts/identity-proof";
import { clientContextOf } from "@/lib/domains/auth/next-auth/client-context";
import { markIdentityProved } from "@/lib/domains/auth/session";
import type { ActiveSession } from "@/lib/domains/auth/sessions/resolve-session";
import { formText } from "@/lib/core/forms/form-fields";

// The server half of components/security/identity-proof-fields.tsx: the hidden `proof` field
// read back into an IdentityProof, and the check every action that needs a proof starts with.

const PROOF_KINDS = ["password", "app_code", "recovery_code", "email_code", "passkey"] as const satisfies readonly ProofKind[];

const b64url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/);
const code = z.string().trim().min(1).max(64);

const PasskeyAnswer = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  response: z.object({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url, userHandle: b64url.optional() }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.looseObject({}),
});

const Proof = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("password"), password: z.string().min(1).max(1024) }),
  z.object({ kind: z.literal("app_code"), code }),
  z.object({ kind: z.literal("recovery_code"), code }),
  z.object({ kind: z.literal("email_code"), code }),
  z.object({ kind: z.literal("passkey"), response: PasskeyAnswer }),
]);

function proofJson(form: FormData): unknown {
  const raw = formText(form, "proof", 64_001);
  if (!raw || raw.length > 64_000) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The proof the form carries, or null when it is missing, incomplete or malformed. */
export function readProof(form: FormData): IdentityProof | null {
  const parsed = Proof.safeParse(proofJson(form));
  if (!parsed.success) return null;
  const proof = parsed.data;
  // zod's loose object for the extension results is wider than the WebAuthn type; the verifier reads only known fields.
  return proof.kind === "passkey" ? { kind: "passkey", response: proof.response as AuthenticationResponseJSON } : proof;
}

/** The kind the person chose, even when the proof itself is incomplete; echoed so the form keeps the choice. */
export function proofKindOf(form: FormData): ProofKind | undefined {
  const json = proofJson(form) as { kind?: unknown } | null;
  return PROOF_KINDS.find((k) => k === json?.kind);
}

export async function clientIp(): Promise<string | undefined> {
  return clientContextOf(await headers()).ip || undefined;
}

const REFUSED = "Ihre Identität konnte nicht bestätigt werden.";
export const THROTTLED = "Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.";

/** No (complete) proof in the form. */
export function proofMissing(proofKind?: ProofKind): ProofFormState {
  return {
    ok: false,
    code: "identity_proof_required",
    message: "Bitte bestätigen Sie zuerst Ihre Identität.",
    issues: { proof: "Bitte vervollständigen Sie die Bestätigung." },
    proofKind,
  };
}

const WRONG: Record<ProofKind, string> = {
  password: "Das Passwort ist nicht korrekt.",
  app_code: "Der Code ist nicht korrekt oder wurde bereits verwendet.",
  recovery_code: "Dieser Wiederherstellungscode ist nicht korrekt oder wurde bereits verwendet.",
  email_code: "Der Code ist nicht korrekt, abgelaufen oder wurde bereits verwendet.",
  passkey: "Der Passkey konnte nicht bestätigt werden.",
};

/** A proof that did not pass: wrong, not allowed here, or throttled. */
export function proofRefused(reason: IdentityProofRefusedError["reason"], proofKind?: ProofKind): ProofFormState {
  if (reason === "throttled") return { ok: false, code: "rate_limited", message: THROTTLED, proofKind };
  const issue =
    reason === "not_accepted"
      ? "Diese Art der Bestätigung ist hier nicht möglich."
      : proofKind
        ? WRONG[proofKind]
        : "Die Bestätigung ist nicht korrekt.";
  return { ok: false, code: "validation_failed", message: REFUSED, issues: { proof: issue }, proofKind };
}

/** A passed check: when, and the proof as the session now holds it (for the domain to check again under its lock). */
export type ProofCheck = { ok: true; provedAt: Date; proof: SessionProof } | { ok: false; result: ProofFormState };

/**
 * The fresh identity proof an action needs (spec 5.3, 5.4). With `reuseFresh`, a proof this
 * session gave in the last ten minutes counts and nothing is asked, if its kind is one this
 * action accepts; otherwise the form's proof is checked and, when it passes, stamped on the
 * session. Refusals come back as form results; anything else throws for the caller's actionError,
 * among them the domain's refusal of staff acting as the customer (before any proof is read).
 */
export async function requireFreshProof(
  s: ActiveSession,
  purpose: ProofPurpose,
  form: FormData,
  opts: { reuseFresh: boolean },
): Promise<ProofCheck> {
  const accepted = await sessionProofKinds(s.user.id, purpose, { acting: s.session });
  const provedBefore = opts.reuseFresh ? freshProofFor(s.session, accepted) : null;
  if (provedBefore)
    return { ok: true, provedAt: provedBefore, proof: { identityProvedAt: provedBefore, identityProofKind: s.session.identityProofKind } };
  const proofKind = proofKindOf(form);
  const proof = readProof(form);
  if (!proof) return { ok: false, result: proofMissing(proofKind) };
  try {
    const { provedAt, kind } = await proveIdentity(s.user.id, purpose, proof, { ip: await clientIp(), acting: s.session });
    await markIdentityProved(s.session.id, provedAt, kind);
    return { ok: true, provedAt, proof: { identityProvedAt: provedAt, identityProofKind: kind } };
  } catch (err) {
    if (err instanceof IdentityProofRefusedError) return { ok: false, result: proofRefused(err.reason, proofKind) };
    throw err;
  }
}

/**
 * For disabling two-factor and renewing recovery codes: those domain functions check (and
 * consume) the app or recovery code themselves, so only the code is taken from the proof.
 */
export function readSecondFactorCode(form: FormData): string | null {
  const proof = readProof(form);
  return proof && (proof.kind === "app_code" || proof.kind === "recovery_code") ? proof.code : null;
}
