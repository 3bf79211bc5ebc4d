import { countPasskeys } from "@/lib/domains/accounts/passkeys/passkey-count";
import { db, type DbOrTx } from "@/lib/core/db/client";
import type { ProofKind, ProofPurpose } from "./types";

/** What the account has to prove with; the rule table needs nothing else. */
export interface ProofAccount {
  hasTotp: boolean;
  hasPassword: boolean;
  hasPasskey: boolean;
  /** Admins and super-admins: their strong factor guards the admin area (spec 5.5). */
  isStaff?: boolean;
}

/**
 * The rule table (spec 5.3, 5.4), and for the actions that create a credential:
 * - A strong factor (add_passkey, first_two_factor_setup) once the account has one (a passkey
 *   or TOTP): only an existing strong factor, i.e. app code, recovery code or passkey, never the
 *   password or the mailbox. Otherwise whoever holds the mailbox (a login link signs in) could
 *   add a factor of their own beside the owner's and pass every later check with it.
 * - The very first strong factor: password or e-mail code (staff: the e-mail code only, so a
 *   stolen password never becomes the admin area's second factor).
 * - set_first_password (an account without one): an app or recovery code with TOTP; otherwise
 *   an e-mail code or a passkey.
 * - remove_passkey: only an existing strong factor (passkey, app code, recovery code). Otherwise
 *   whoever holds the mailbox or the password would remove the owner's passkey and then enrol
 *   their own as the "first" factor. Who lost their only passkey is helped by a super-admin's reset.
 *
 * With confirmed TOTP:
 * - disable_two_factor, renew_recovery_codes, email_change: app code or recovery code (5.4).
 * - api_token: password, app code, e-mail code, passkey (the list of 5.3). Recovery codes do
 *   not count: 5.3 does not name them, they are the few spare keys for a lost phone, and
 *   whoever still has password, mailbox or passkey has no need to spend one on a token.
 * - first_two_factor_setup: nothing; TOTP is already set up (disable it first).
 * Without TOTP:
 * - email_change, api_token: password, e-mail code, passkey. A password-less (legacy
 *   login-link) account proves by e-mail code or passkey, so it can still change its address (5.4).
 * - disable_two_factor, renew_recovery_codes: nothing; there is no second factor to change.
 * Password and passkey are offered only when the account has one.
 */
export function proofKindsFor(purpose: ProofPurpose, account: ProofAccount): ProofKind[] {
  const owned = (kinds: ProofKind[]) =>
    kinds.filter((k) => (k !== "password" || account.hasPassword) && (k !== "passkey" || account.hasPasskey));
  if (purpose === "add_passkey" || purpose === "first_two_factor_setup") return strongFactorEnrolmentProofs(purpose, account);
  if (purpose === "remove_passkey") return existingStrongFactors(account);
  if (purpose === "set_first_password")
    return account.hasPassword ? [] : owned(account.hasTotp ? ["app_code", "recovery_code"] : ["email_code", "passkey"]);
  if (account.hasTotp) {
    switch (purpose) {
      case "disable_two_factor":
      case "renew_recovery_codes":
      case "email_change":
        return ["app_code", "recovery_code"];
      case "api_token":
        return owned(["password", "app_code", "email_code", "passkey"]);
    }
  }
  switch (purpose) {
    case "disable_two_factor":
    case "renew_recovery_codes":
      return [];
    case "email_change":
    case "api_token":
      return owned(["password", "email_code", "passkey"]);
  }
}

/** The strong factors the account has, as proofs: app and recovery code with TOTP, a passkey. */
function existingStrongFactors(account: ProofAccount): ProofKind[] {
  return [...(account.hasTotp ? (["app_code", "recovery_code"] as const) : []), ...(account.hasPasskey ? (["passkey"] as const) : [])];
}

/** Adding a passkey or setting up TOTP: an existing strong factor proves it; the mailbox only the first. */
function strongFactorEnrolmentProofs(purpose: "add_passkey" | "first_two_factor_setup", account: ProofAccount): ProofKind[] {
  // TOTP is set up once; a second setup needs it disabled first.
  if (purpose === "first_two_factor_setup" && account.hasTotp) return [];
  const existing = existingStrongFactors(account);
  if (existing.length) return existing;
  return account.hasPassword && !account.isStaff ? ["password", "email_code"] : ["email_code"];
}

/**
 * The proof kinds this account may use for the purpose; none for a missing, inactive or deleted
 * account. Inside a transaction pass it (after locking the user row), so the answer is the one
 * the transaction's change is made under.
 */
export async function acceptedProofKinds(userId: number, purpose: ProofPurpose, client: DbOrTx = db): Promise<ProofKind[]> {
  const user = await client.user.findUnique({
    where: { id: userId },
    select: { passwordHash: true, isActive: true, deletedAt: true, staffRole: true, totpSecretEncrypted: true, totpConfirmedAt: true },
  });
  if (!user || !user.isActive || user.deletedAt) return [];
  const passkeys = await countPasskeys(userId, client);
  const hasTotp = user.totpConfirmedAt !== null && user.totpSecretEncrypted !== null;
  return proofKindsFor(purpose, {
    hasTotp,
    hasPassword: !!user.passwordHash,
    hasPasskey: passkeys > 0,
    isStaff: user.staffRole !== "user",
  });
}
