import { AppError } from "@/lib/core/errors/errors";

export type LoginLinkInvalidReason = "unknown" | "used" | "expired" | "purpose" | "browser_session";

/**
 * A link that cannot be redeemed. Every reason shows the same message (and status), so the
 * answer does not tell whether a token exists; `reason` is for logs only.
 */
export class LoginLinkInvalidError extends AppError {
  override name = "LoginLinkInvalidError";
  constructor(readonly reason: LoginLinkInvalidReason) {
    super("gone", "This link is invalid or has expired. Please request a new one.");
  }
}
