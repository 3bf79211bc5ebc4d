"use server";

import { refresh } from "next/cache";
import { z } from "zod";
import type {
  EmailChangeState,
  PasskeyProofStart,
  PasskeyRegistrationStart,
  ProofFormState,
  RecoveryCodesState,
  TotpSetupState,
} from "@/components/security/types";
import { cancelEmailChange, requestEmailChange } from "@/lib/domains/accounts/email-change";
import { NewEmail } from "@/lib/domains/accounts/email-change/new-email";
import { acceptedProofKinds, EMAIL_CODE_TTL_SECONDS, passkeyProofOptions, sendEmailProofCode } from "@/lib/domains/accounts/identity-proof";
import { deletePasskey, passkeyRegistrationOptions, registerPasskey, renamePasskey } from "@/lib/domains/accounts/passkeys";
import { changePassword } from "@/lib/domains/accounts/passwords/change-password";
import {
  beginTotpSetup,
  confirmTotpSetup,
  disableTotp,
  renewRecoveryCodes,
  TwoFactorThrottledError,
} from "@/lib/domains/accounts/two-factor";
import { impersonationRefusalOf } from "@/lib/core/errors/customer-acting";
import { requireUser } from "@/lib/domains/auth/session";
import { signOutOtherDevices } from "@/lib/domains/auth/sessions/sign-out-other-devices";
import { signOutSession } from "@/lib/domains/auth/sessions/sign-out-session";
import { qrCodeShape } from "@/lib/domains/accounts/two-factor/qr-code";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { AppError } from "@/lib/core/errors/errors";
import { clientIp, proofKindOf, proofMissing, proofRefused, readSecondFactorCode, requireFreshProof, THROTTLED } from "./proof";
import { formHas, formText } from "@/lib/core/forms/form-fields";
import { parseRecordId } from "@/lib/core/input/ids";

// The security page (spec 4.3, 5.3–5.5): every action reads the session first and hands the
// form to one domain function; business errors come back as German form messages. Every change
// here is the customer's own: the domain functions (and the identity proof before them) refuse
// staff signed in as the customer, given the session as `acting`.

/** Passwords are never cut: the sign-in reads 1024 characters, so a longer one could not sign in. */
const MAX_PASSWORD = 1024;

const endedDevices = (n: number) =>
  n === 1
    ? "Ein anderes Gerät wurde abgemeldet."
    : n > 1
      ? `${n} andere Geräte wurden abgemeldet.`
      : "Andere Geräte waren nicht angemeldet.";

// ---- Passwort -------------------------------------------------------------------------------

/**
 * Change (or, for a legacy login-link account, set) the password; ends every other session. A
 * first password is a new way in: it needs a fresh proof by a way the account already has.
 */
export async function changeOwnPassword(_prev: ProofFormState | null, form: FormData): Promise<ProofFormState> {
  const s = await requireUser();
  const { user, session } = s;
  const currentPassword = formText(form, "currentPassword", MAX_PASSWORD + 1);
  const newPassword = formText(form, "newPassword", MAX_PASSWORD + 1);
  const repeat = formText(form, "newPasswordRepeat", MAX_PASSWORD + 1);
  if (newPassword.length > MAX_PASSWORD)
    return {
      ok: false,
      message: "Bitte prüfen Sie die markierten Felder.",
      issues: { password: `Das Passwort darf höchstens ${MAX_PASSWORD} Zeichen lang sein.` },
    };
  if (newPassword !== repeat)
    return {
      ok: false,
      message: "Bitte prüfen Sie die markierten Felder.",
      issues: { newPasswordRepeat: "Die beiden neuen Passwörter stimmen nicht überein." },
    };
  try {
    let firstPasswordProvedAt: Date | null = null;
    if ((await acceptedProofKinds(user.id, "set_first_password")).length) {
      const proof = await requireFreshProof(s, "set_first_password", form, { reuseFresh: true });
      if (!proof.ok) return proof.result;
      firstPasswordProvedAt = proof.provedAt;
    }
    const { endedSessions } = await changePassword({
      userId: user.id,
      currentSessionId: session.id,
      currentPassword: currentPassword.slice(0, MAX_PASSWORD) || null,
      newPassword,
      firstPasswordProvedAt,
      acting: session,
    });
    refresh();
    return { ok: true, message: `Ihr Passwort wurde geändert. ${endedDevices(endedSessions)}` };
  } catch (err) {
    return actionError(err);
  }
}

// ---- Angemeldete Geräte ---------------------------------------------------------------------

/** "Sign out other devices": the current session stays; refused while impersonating (signOutOtherDevices). */
export async function signOutOthers(_prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  try {
    const { ended } = await signOutOtherDevices(user.id, session);
    refresh();
    return { ok: true, message: endedDevices(ended) };
  } catch (err) {
    return actionError(err);
  }
}

/**
 * "Abmelden" beside one other device. The id is bound on the page but comes back from the
 * browser, so the domain ends it only when it is another session of this person's own.
 */
export async function signOutSessionAction(sessionId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const id = parseRecordId(sessionId);
  try {
    const { ended } = id === null ? { ended: false } : await signOutSession(user.id, session, id);
    if (!ended) return { ok: false, code: "not_found", message: "Diese Anmeldung gibt es nicht (mehr)." };
    refresh();
    return { ok: true, message: "Das Gerät wurde abgemeldet." };
  } catch (err) {
    return actionError(err);
  }
}

// ---- Ceremonies of the identity proof -------------------------------------------------------

/** Mails a confirmation code to the account's address (at most five per 15 minutes and account). */
export async function sendProofCode(): Promise<ActionResult> {
  const { user, session } = await requireUser();
  try {
    await sendEmailProofCode(user.id, { acting: session });
    return {
      ok: true,
      message: `Wir haben Ihnen einen sechsstelligen Code an Ihre E-Mail-Adresse geschickt. Er gilt ${EMAIL_CODE_TTL_SECONDS / 60} Minuten.`,
    };
  } catch (err) {
    if (err instanceof AppError && err.code === "rate_limited") {
      return { ok: false, code: "rate_limited", message: "Es wurden gerade mehrere Codes verschickt. Bitte warten Sie einige Minuten." };
    }
    return actionError(err);
  }
}

/** The passkey challenge for an identity proof, limited to this account's passkeys. */
export async function startPasskeyProof(): Promise<PasskeyProofStart> {
  const { user, session } = await requireUser();
  try {
    return { ok: true, options: await passkeyProofOptions(user.id, { acting: session }) };
  } catch (err) {
    const refused = impersonationRefusalOf(err);
    if (refused) return refused;
    if (err instanceof AppError && err.status < 500) return { ok: false, message: "Für Ihr Konto ist kein Passkey eingerichtet." };
    throw err;
  }
}

// ---- Zwei-Faktor-Anmeldung ------------------------------------------------------------------

/** First step of the authenticator-app setup, after a fresh identity proof (spec 5.3). */
export async function beginTwoFactorSetup(_prev: TotpSetupState | null, form: FormData): Promise<TotpSetupState> {
  const s = await requireUser();
  try {
    const proof = await requireFreshProof(s, "first_two_factor_setup", form, { reuseFresh: true });
    if (!proof.ok) return proof.result;
    const setup = await beginTotpSetup(s.user.id, { acting: s.session });
    // The QR code is drawn here, beside the secret it carries: the browser gets path data, no image.
    return { ok: true, setup: { secret: setup.secret, otpauthUri: setup.otpauthUri, qr: qrCodeShape(setup.otpauthUri) } };
  } catch (err) {
    if (err instanceof AppError && err.code === "conflict")
      return { ok: false, code: "conflict", message: "Die Zwei-Faktor-Anmeldung ist bereits eingerichtet." };
    return { ...actionError(err), proofKind: proofKindOf(form) };
  }
}

/** Second step: the first code from the app confirms the setup; the recovery codes come back once. */
export async function confirmTwoFactorSetup(_prev: RecoveryCodesState | null, form: FormData): Promise<RecoveryCodesState> {
  const { user, session } = await requireUser();
  const code = formText(form, "code", 64);
  if (!code.trim())
    return { ok: false, message: "Bitte prüfen Sie die markierten Felder.", issues: { code: "Bitte geben Sie den Code aus der App ein." } };
  try {
    // The proof given at the start must still count now; the domain checks it under its lock.
    const { recoveryCodes } = await confirmTotpSetup(user.id, code, { proof: session, acting: session });
    refresh();
    return { ok: true, message: "Die Zwei-Faktor-Anmeldung ist eingerichtet.", recoveryCodes };
  } catch (err) {
    if (err instanceof TwoFactorThrottledError) return { ok: false, code: "rate_limited", message: THROTTLED };
    if (err instanceof AppError && err.code === "conflict")
      return {
        ok: false,
        code: "conflict",
        message:
          "Die Einrichtung wurde inzwischen geändert oder abgeschlossen. Bitte laden Sie die Seite neu und beginnen Sie gegebenenfalls von vorn.",
      };
    if (err instanceof AppError && err.code === "gone")
      return { ok: false, code: "gone", message: "Die Einrichtung ist abgelaufen (nach 10 Minuten). Bitte beginnen Sie von vorn." };
    if (err instanceof AppError && err.code === "identity_proof_required")
      return {
        ok: false,
        code: err.code,
        message:
          "Ihre Bestätigung gilt dafür nicht mehr. Bitte beginnen Sie die Einrichtung von vorn und bestätigen Sie Ihre Identität erneut.",
      };
    return actionError(err);
  }
}

/**
 * Disabling two-factor or renewing the recovery codes (spec 5.4): one form, the button says
 * which. Both domain functions check the app or recovery code themselves (a recovery code is
 * consumed), so the code goes to them rather than through proveIdentity, which would spend it first.
 */
export async function manageTwoFactor(_prev: RecoveryCodesState | null, form: FormData): Promise<RecoveryCodesState> {
  const { user, session } = await requireUser();
  const intent = formHas(form, "intent", "disable") ? "disable" : "renew";
  const proofKind = proofKindOf(form);
  // No code: the domain answers identity_proof_required (after refusing support access).
  const code = readSecondFactorCode(form);
  try {
    const ctx = { ip: await clientIp(), acting: session };
    if (intent === "disable") {
      await disableTotp(user.id, code, ctx);
      refresh();
      return { ok: true, message: "Die Zwei-Faktor-Anmeldung ist ausgeschaltet. Ihre Wiederherstellungscodes gelten nicht mehr." };
    }
    const { recoveryCodes } = await renewRecoveryCodes(user.id, code, ctx);
    refresh();
    return { ok: true, message: "Neue Wiederherstellungscodes erzeugt. Die bisherigen gelten nicht mehr.", recoveryCodes };
  } catch (err) {
    if (err instanceof TwoFactorThrottledError) return proofRefused("throttled", proofKind);
    if (err instanceof AppError && err.code === "validation_failed") return proofRefused("wrong", proofKind);
    if (err instanceof AppError && err.code === "conflict")
      return { ok: false, code: "conflict", message: "Die Zwei-Faktor-Anmeldung ist nicht eingerichtet." };
    if (err instanceof AppError && err.code === "identity_proof_required") return proofMissing(proofKind);
    return { ...actionError(err), proofKind };
  }
}

// ---- Passkeys -------------------------------------------------------------------------------

const PASSKEY_NAME_ISSUE = "Geben Sie dem Passkey einen Namen mit 1 bis 100 Zeichen.";

/**
 * Options for navigator.credentials.create() for this account, after a fresh identity proof by
 * a way in the account already has (purpose add_passkey): a stolen session alone mints no passkey.
 */
export async function startPasskeyRegistration(_prev: PasskeyRegistrationStart | null, form: FormData): Promise<PasskeyRegistrationStart> {
  const s = await requireUser();
  try {
    const proof = await requireFreshProof(s, "add_passkey", form, { reuseFresh: true });
    if (!proof.ok) return { ...proof.result, ok: false, message: proof.result.message ?? "Bitte bestätigen Sie zuerst Ihre Identität." };
    return { ok: true, options: await passkeyRegistrationOptions(s.user.id, { acting: s.session }) };
  } catch (err) {
    const proofKind = proofKindOf(form);
    const failed = actionError(err);
    return { ...failed, ok: false, message: failed.message ?? "Das hat nicht geklappt.", ...(proofKind ? { proofKind } : {}) };
  }
}

const b64url = z
  .string()
  .min(1)
  .max(65_536)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/);
const RegistrationAnswer = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.looseObject({}),
});

/** Stores the passkey the browser created for the challenge of startPasskeyRegistration. */
export async function finishPasskeyRegistration(response: unknown, name: string): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const answer = RegistrationAnswer.safeParse(response);
  if (!answer.success) return { ok: false, message: "Der Passkey konnte nicht geprüft werden. Bitte versuchen Sie es erneut." };
  try {
    // The proof given at the start must still count now; the domain checks it under its lock.
    const created = await registerPasskey(user.id, answer.data as Parameters<typeof registerPasskey>[1], String(name ?? "").slice(0, 200), {
      proof: session,
      acting: session,
    });
    refresh();
    return { ok: true, message: `Passkey „${created.name}“ hinzugefügt.` };
  } catch (err) {
    if (err instanceof AppError && err.code === "validation_failed") {
      return err.issues?.length
        ? { ok: false, code: err.code, message: "Bitte prüfen Sie die markierten Felder.", issues: { name: PASSKEY_NAME_ISSUE } }
        : {
            ok: false,
            code: err.code,
            message: "Der Passkey konnte nicht geprüft werden oder die Anfrage ist abgelaufen. Bitte versuchen Sie es erneut.",
          };
    }
    if (err instanceof AppError && err.code === "conflict")
      return { ok: false, code: err.code, message: "Dieser Passkey ist bereits registriert." };
    if (err instanceof AppError && err.code === "identity_proof_required")
      return {
        ok: false,
        code: err.code,
        message: "Ihre Bestätigung gilt dafür nicht (mehr). Bitte bestätigen Sie Ihre Identität erneut.",
      };
    return actionError(err);
  }
}

const UNKNOWN_PASSKEY = "Diesen Passkey gibt es nicht (mehr).";

export async function renamePasskeyAction(passkeyId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const id = parseRecordId(passkeyId);
  if (id === null) return { ok: false, code: "not_found", message: UNKNOWN_PASSKEY };
  try {
    await renamePasskey(user.id, id, formText(form, "name", 200), { acting: session });
    refresh();
    return { ok: true, message: "Passkey umbenannt." };
  } catch (err) {
    if (err instanceof AppError && err.code === "validation_failed")
      return { ok: false, code: err.code, message: PASSKEY_NAME_ISSUE, issues: { name: PASSKEY_NAME_ISSUE } };
    if (err instanceof AppError && err.code === "not_found") return { ok: false, code: err.code, message: UNKNOWN_PASSKEY };
    return actionError(err);
  }
}

/**
 * Removes a passkey after a fresh proof by a strong factor the account has (purpose
 * remove_passkey: a passkey, an app or recovery code), never the e-mail code or the password.
 */
export async function deletePasskeyAction(passkeyId: number, _prev: ProofFormState | null, form: FormData): Promise<ProofFormState> {
  const s = await requireUser();
  const id = parseRecordId(passkeyId);
  if (id === null) return { ok: false, code: "not_found", message: UNKNOWN_PASSKEY };
  try {
    const proof = await requireFreshProof(s, "remove_passkey", form, { reuseFresh: true });
    if (!proof.ok) return proof.result;
    await deletePasskey(s.user.id, id, { proof: proof.proof, acting: s.session });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return { ok: false, code: err.code, message: UNKNOWN_PASSKEY };
    if (err instanceof AppError && err.code === "identity_proof_required") return proofMissing(proofKindOf(form));
    return { ...actionError(err), proofKind: proofKindOf(form) };
  }
  refresh();
  return { ok: true, message: "Passkey entfernt." };
}

// ---- E-Mail-Adresse -------------------------------------------------------------------------

/**
 * Starts an address change after the proof (spec 5.3/5.4). With two-factor on, only an app or
 * recovery code proves it, so an earlier proof by password (say, for an API token) does not
 * count here; without two-factor the accepted kinds are those of the other actions.
 */
export async function requestEmailChangeAction(_prev: EmailChangeState | null, form: FormData): Promise<EmailChangeState> {
  const s = await requireUser();
  const values = { newEmail: formText(form, "newEmail", 320) };
  // Checked before the proof, which may spend a recovery code.
  if (!NewEmail.safeParse(values.newEmail).success) {
    return {
      ok: false,
      code: "validation_failed",
      message: "Bitte prüfen Sie die markierten Felder.",
      issues: { newEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein." },
      values,
      proofKind: proofKindOf(form),
    };
  }
  try {
    const proof = await requireFreshProof(s, "email_change", form, { reuseFresh: true });
    if (!proof.ok) return { ...proof.result, values };
    const { pendingEmail } = await requestEmailChange({ userId: s.user.id, newEmail: values.newEmail, acting: s.session });
    refresh();
    return {
      ok: true,
      message: `Wir haben einen Bestätigungslink an ${pendingEmail} geschickt. Ihre Adresse ändert sich erst, wenn Sie ihn öffnen und bestätigen.`,
    };
  } catch (err) {
    return { ...actionError(err), values, proofKind: proofKindOf(form) };
  }
}

export async function cancelEmailChangeAction(_prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  try {
    await cancelEmailChange(user.id, { acting: session });
  } catch (err) {
    return actionError(err);
  }
  refresh();
  return { ok: true, message: "Die Änderung wurde abgebrochen; der Bestätigungslink gilt nicht mehr." };
}
