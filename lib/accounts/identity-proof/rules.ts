import { getTwoFactorStatus } from "@/lib/accounts/two-factor/two-factor-status";
import { db } from "@/lib/db/client";
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
 * The rule table (spec 5.3, 5.4), and for the two actions that create a credential:
 * - add_passkey: with TOTP, a second factor (app code, recovery code) or an existing passkey;
 *   without, password, e-mail code or an existing passkey.
 * - set_first_password (an account without one): an app or recovery code with TOTP; otherwise
 *   an e-mail code or a passkey.
 * Staff enrol their strong factor (add_passkey, first_two_factor_setup) with something the
 * password alone cannot give: the mailbox (e-mail code) or a strong factor they already have.
 *
 * With confirmed TOTP:
 * - disable_two_factor, renew_recovery_codes, email_change: app code or recovery code (5.4).
 * - api_token: password, app code, e-mail code, passkey (the list of 5.3). Recovery codes do
 *   not count: 5.3 does not name them, they are the few spare keys for a lost phone, and
 *   whoever still has password, mailbox or passkey has no need to spend one on a token.
 * - first_two_factor_setup: nothing; TOTP is already set up (disable it first).
 * Without TOTP:
 * - email_change, api_token, first_two_factor_setup: password, e-mail code, passkey. A
 *   password-less (legacy login-link) account proves by e-mail code or passkey, so it can
 *   still change its address (5.4).
 * - disable_two_factor, renew_recovery_codes: nothing; there is no second factor to change.
 * Password and passkey are offered only when the account has one.
 */
export function proofKindsFor(purpose: ProofPurpose, account: ProofAccount): ProofKind[] {
  const enrolsStrongFactor = purpose === "add_passkey" || purpose === "first_two_factor_setup";
  const owned = (kinds: ProofKind[]) =>
    kinds.filter((k) => (k !== "password" || (account.hasPassword && !(account.isStaff && enrolsStrongFactor))) && (k !== "passkey" || account.hasPasskey));
  if (purpose === "add_passkey") return owned(account.hasTotp ? ["app_code", "recovery_code", "passkey"] : ["password", "email_code", "passkey"]);
  if (purpose === "set_first_password") return account.hasPassword ? [] : owned(account.hasTotp ? ["app_code", "recovery_code"] : ["email_code", "passkey"]);
  if (account.hasTotp) {
    switch (purpose) {
      case "disable_two_factor":
      case "renew_recovery_codes":
      case "email_change":
        return ["app_code", "recovery_code"];
      case "api_token":
        return owned(["password", "app_code", "email_code", "passkey"]);
      case "first_two_factor_setup":
        return [];
    }
  }
  switch (purpose) {
    case "disable_two_factor":
    case "renew_recovery_codes":
      return [];
    case "email_change":
    case "api_token":
    case "first_two_factor_setup":
      return owned(["password", "email_code", "passkey"]);
  }
}

/** The proof kinds this account may use for the purpose; none for a missing, inactive or deleted account. */
export async function acceptedProofKinds(userId: number, purpose: ProofPurpose): Promise<ProofKind[]> {
  const [user, twoFactor, passkeys] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { passwordHash: true, isActive: true, deletedAt: true, staffRole: true } }),
    getTwoFactorStatus(userId),
    db.passkey.count({ where: { userId } }),
  ]);
  if (!user || !user.isActive || user.deletedAt) return [];
  return proofKindsFor(purpose, { hasTotp: twoFactor.enabled, hasPassword: !!user.passwordHash, hasPasskey: passkeys > 0, isStaff: user.staffRole !== "user" });
}
