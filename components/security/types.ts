import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import type { QrCodeShape } from "@/lib/domains/accounts/two-factor/qr-code";
import type { ActionResult } from "@/lib/core/forms/action-result";

// The answers of the security page's server actions, shared by the actions and their forms.

/** A form that carries identity-proof fields; the kind is echoed so a retry keeps the choice. */
export interface ProofFormState extends ActionResult {
  proofKind?: ProofKind;
}

/** First step of the authenticator-app setup: the secret (as text and as QR code), shown while the setup is open. */
export interface TotpSetupState extends ProofFormState {
  setup?: { secret: string; otpauthUri: string; qr: QrCodeShape };
}

/** Setup confirmation or renewal: the recovery codes, shown once. */
export interface RecoveryCodesState extends ProofFormState {
  recoveryCodes?: string[];
}

export interface EmailChangeState extends ProofFormState {
  values?: { newEmail: string };
}

export interface TokenFormState extends ProofFormState {
  /** Shown once, right after creation; never stored in plain text. */
  token?: string;
  values?: { name: string; expires: string };
}

export interface EmailConfirmState extends ActionResult {
  email?: string;
}

/** Options for a WebAuthn ceremony, or why there are none. */
export type CeremonyStart<T> = { ok: true; options: T } | { ok: false; message: string };
export type PasskeyProofStart = CeremonyStart<PublicKeyCredentialRequestOptionsJSON>;
/** The registration options, or why there are none (a missing or wrong identity proof among the reasons). */
export type PasskeyRegistrationStart =
  { ok: true; options: PublicKeyCredentialCreationOptionsJSON } | (ProofFormState & { ok: false; message: string });

export type FormAction<S> = (prev: S | null, form: FormData) => Promise<S>;
