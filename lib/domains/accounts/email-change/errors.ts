import { AppError } from "@/lib/core/errors/errors";

/** A field error on the new address, with the German text the form shows under it. */
export const newEmailError = (message: string, userMessage: string): AppError =>
  new AppError("validation_failed", message, undefined, [{ path: "newEmail", message: userMessage }]);

/** Unknown, replaced, used or expired confirmation link: one message, whatever the cause. */
export class EmailChangeLinkInvalidError extends AppError {
  override name = "EmailChangeLinkInvalidError";
  constructor() {
    super("gone", "This confirmation link is invalid or has expired. Please request the change again.");
  }
}

/** The new address was taken by another account between the request and its confirmation. */
export class EmailAddressTakenError extends AppError {
  override name = "EmailAddressTakenError";
  constructor() {
    super("conflict", "This address now belongs to another account; your address was not changed.");
  }
}
