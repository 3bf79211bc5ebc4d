import { AppError } from "@/lib/core/errors/errors";
import type { BreachedPasswordCheck } from "./breached-password-check";

/** New and changed passwords need at least this many characters (spec 5.7). */
export const MIN_PASSWORD_LENGTH = 12;

/** A form error on one password field, with the German text the form shows under it. */
export function passwordFieldError(path: "password" | "currentPassword", message: string, userMessage: string): AppError {
  return new AppError("validation_failed", message, undefined, [{ path, message: userMessage }]);
}

/** The length rule alone, for callers without a breach check. */
export function assertPasswordLength(password: string): void {
  // Characters as people count them: an emoji is one, not two UTF-16 units.
  if ([...password.normalize("NFC")].length < MIN_PASSWORD_LENGTH) {
    throw passwordFieldError("password", "The password is too short.", `Das Passwort braucht mindestens ${MIN_PASSWORD_LENGTH} Zeichen.`);
  }
}

/**
 * Refuses a new password that is too short or known from data breaches (spec 5.7). Existing
 * passwords are never checked again: they stay valid.
 */
export async function assertPasswordPolicy(password: string, breachCheck: BreachedPasswordCheck): Promise<void> {
  assertPasswordLength(password);
  if (await breachCheck.isBreached(password)) {
    throw passwordFieldError(
      "password",
      "The password is known from data breaches.",
      "Dieses Passwort ist aus Datenlecks bekannt und daher unsicher. Bitte wählen Sie ein anderes.",
    );
  }
}
