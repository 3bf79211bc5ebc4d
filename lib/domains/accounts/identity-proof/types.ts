import type { AuthenticationResponseJSON } from "@simplewebauthn/server";

/** What the person offers to show that they, not only their session, are here (spec 5.3). */
export type IdentityProof =
  | { kind: "password"; password: string }
  /** A current code from the authenticator app (TOTP). */
  | { kind: "app_code"; code: string }
  /** An unused recovery code; consumed on success. */
  | { kind: "recovery_code"; code: string }
  /** The code mailed by sendEmailProofCode(); usable once. */
  | { kind: "email_code"; code: string }
  /** The browser's answer to passkeyProofOptions(). */
  | { kind: "passkey"; response: AuthenticationResponseJSON };

export type ProofKind = IdentityProof["kind"];

/**
 * The actions that need a fresh proof (spec 5.3) or a two-factor proof (spec 5.4). Adding a
 * passkey and setting a first password create a new way to prove identity, so they need one
 * of the existing ways first: a stolen session alone must not mint a credential. Removing a
 * passkey takes a way in away from the owner, so it needs a strong factor the account has.
 */
export type ProofPurpose =
  | "email_change"
  | "first_two_factor_setup"
  | "api_token"
  | "disable_two_factor"
  | "renew_recovery_codes"
  | "add_passkey"
  | "remove_passkey"
  | "set_first_password";

/** The proof a session gave last (stamped on its row): when and of which kind. */
export interface SessionProof {
  identityProvedAt: Date | null;
  identityProofKind: string | null;
}
