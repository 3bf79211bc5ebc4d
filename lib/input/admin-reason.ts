import { AppError } from "@/lib/http/errors";
import { isAcceptableText } from "./text";

/** How long a reason staff state for a decision may be (admin decisions, billing actions, impersonation). */
export const MAX_REASON_LENGTH = 500;

/** The reason staff give for a decision: required, at most MAX_REASON_LENGTH characters, storable; German wording for the form. */
export function adminReason(raw: unknown): string {
  const reason = typeof raw === "string" ? raw.trim() : "";
  const issue = !reason
    ? "Bitte geben Sie einen Grund an."
    : reason.length > MAX_REASON_LENGTH
      ? `Höchstens ${MAX_REASON_LENGTH} Zeichen.`
      : !isAcceptableText(reason)
        ? "Der Text enthält ein unzulässiges Steuerzeichen."
        : null;
  if (issue) throw new AppError("validation_failed", "Für diese Aktion ist ein Grund nötig.", undefined, [{ path: "reason", message: issue }]);
  return reason;
}
