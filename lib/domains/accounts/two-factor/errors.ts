import { AppError } from "@/lib/core/errors/errors";

/** Too many second-factor attempts; 429 with Retry-After in seconds. */
export class TwoFactorThrottledError extends AppError {
  override name = "TwoFactorThrottledError";
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", "Too many attempts with the second factor. Try again later.", { retryAfterSeconds }, undefined, {
      "Retry-After": String(retryAfterSeconds),
    });
  }
}

export const invalidCode = () =>
  new AppError("validation_failed", "The code is not valid.", undefined, [
    { path: "code", message: "Der Code ist ungültig oder wurde bereits verwendet." },
  ]);

/** No app or recovery code was given for a two-factor change. */
export const secondFactorProofMissing = () => new AppError("identity_proof_required", "An app code or a recovery code is required.");

export const twoFactorNotEnabled = () => new AppError("conflict", "Two-factor authentication is not enabled for this account.");
