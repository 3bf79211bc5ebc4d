import { verifyPassword } from "@/lib/domains/accounts/passwords/hash";
import { checkSecondFactor, type SecondFactorMethod } from "@/lib/domains/accounts/two-factor/check-second-factor";
import { TwoFactorThrottledError } from "@/lib/domains/accounts/two-factor/errors";
import { normalizeRecoveryCode } from "@/lib/domains/accounts/two-factor/recovery-codes";
import { looksLikeTotpCode } from "@/lib/domains/accounts/two-factor/totp";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { redeemEmailProofCode } from "./email-code";
import { IdentityProofRefusedError } from "./errors";
import { verifyPasskeyProof } from "./passkey-proof";
import { acceptedProofKinds } from "./rules";
import { countIdentityProofAttempt, countIdentityProofFailure } from "./throttle";
import type { IdentityProof, ProofKind, ProofPurpose } from "./types";

export interface ProveIdentityOptions {
  now?: Date;
  /** The client's address; kept only as an HMAC in the login history of a failed code. */
  ip?: string;
  /** Who acts in the session: staff acting as the customer (support access) prove nothing in the customer's name and spend none of the customer's codes or attempts. */
  acting?: Acting;
}

/**
 * Checks a fresh identity proof for the purpose (spec 5.3, 5.4). Throws IdentityProofRefusedError:
 * `not_accepted` when the rule table does not allow this kind for this account (spends no
 * attempt: nothing secret is checked), `throttled` from the sixth attempt in a minute (or once
 * an hour's or day's wrong proofs are spent) even if right, `wrong` otherwise. On success the
 * caller stamps `provedAt` on the session. Refused (CustomerOnlyActionError) in an impersonation
 * session (`opts.acting`) before anything is checked.
 */
export async function proveIdentity(
  userId: number,
  purpose: ProofPurpose,
  proof: IdentityProof,
  opts: ProveIdentityOptions = {},
): Promise<{ kind: ProofKind; provedAt: Date }> {
  assertNotImpersonating(opts.acting, "security");
  const now = opts.now ?? new Date();
  const accepted = await acceptedProofKinds(userId, purpose);
  if (!accepted.includes(proof?.kind)) throw new IdentityProofRefusedError("not_accepted", { acceptedKinds: accepted });
  await countIdentityProofAttempt(userId);
  if (!(await checkProof(userId, purpose, proof, now, opts.ip))) {
    await countIdentityProofFailure(userId);
    throw new IdentityProofRefusedError("wrong");
  }
  return { kind: proof.kind, provedAt: now };
}

/**
 * The proof kinds the session may use for `purpose` now: those the account accepts
 * (acceptedProofKinds). The first step of every identity proof a security change asks for:
 * staff acting in the customer's session (`acting`) prove nothing in the customer's name, so it
 * throws CustomerOnlyActionError for them before a proof is read or a code spent.
 */
export async function sessionProofKinds(userId: number, purpose: ProofPurpose, opts: { acting?: Acting } = {}): Promise<ProofKind[]> {
  assertNotImpersonating(opts.acting, "security");
  return acceptedProofKinds(userId, purpose);
}

async function checkProof(
  userId: number,
  purpose: ProofPurpose,
  proof: IdentityProof,
  now: Date,
  ip: string | undefined,
): Promise<boolean> {
  switch (proof.kind) {
    case "password": {
      if (typeof proof.password !== "string" || !proof.password) return false;
      const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
      return verifyPassword(proof.password, user?.passwordHash);
    }
    case "app_code":
      return checkCode(userId, purpose, proof.code, "totp", now, ip);
    case "recovery_code":
      return checkCode(userId, purpose, proof.code, "recovery_code", now, ip);
    case "email_code":
      return typeof proof.code === "string" && redeemEmailProofCode(userId, proof.code, now);
    case "passkey":
      return !!proof.response && verifyPasskeyProof(userId, proof.response, now);
  }
}

/**
 * App and recovery codes go through the two-factor module's own check: it refuses a replayed
 * time step, consumes a recovery code by conditional update (of two simultaneous uses one
 * wins), writes `two_factor_failed` to the login history, and counts the attempt on the
 * second-factor key too, so guesses at the codes stay at five a minute across the login
 * challenge, disabling, renewing and this proof together.
 */
async function checkCode(
  userId: number,
  purpose: ProofPurpose,
  input: unknown,
  method: SecondFactorMethod,
  now: Date,
  ip: string | undefined,
): Promise<boolean> {
  if (typeof input !== "string") return false;
  const code = input.replace(/\s+/g, "");
  // The kind is what the person chose: a recovery code typed as an app code (or the reverse) is wrong.
  if (method === "totp" ? !looksLikeTotpCode(code) : !normalizeRecoveryCode(code)) return false;
  try {
    const result = await checkSecondFactor({ userId, input: code, entryPoint: `identity_proof:${purpose}`, now, ip });
    return result.ok && result.method === method;
  } catch (err) {
    if (err instanceof TwoFactorThrottledError)
      throw new IdentityProofRefusedError("throttled", { retryAfterSeconds: err.retryAfterSeconds });
    throw err;
  }
}
