import { AppError } from "@/lib/core/errors/errors";
import { isAcceptableText } from "@/lib/core/input/text";

export const MAX_PASSKEY_NAME_LENGTH = 100;

/** The label a user gives a passkey ("MacBook", "YubiKey"), trimmed, 1 to 100 characters. */
export function passkeyNameOrThrow(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > MAX_PASSKEY_NAME_LENGTH || !isAcceptableText(trimmed)) {
    throw new AppError("validation_failed", "The passkey name is invalid.", undefined, [
      { path: "name", message: `Give the passkey a name of 1 to ${MAX_PASSKEY_NAME_LENGTH} characters.` },
    ]);
  }
  return trimmed;
}
