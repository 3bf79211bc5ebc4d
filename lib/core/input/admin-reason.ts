import { AppError } from "@/lib/core/errors/errors";
import { isAcceptableText, UNACCEPTABLE_TEXT_MESSAGE } from "./text";

/** How long a reason staff state for a decision may be (admin decisions, billing actions, impersonation, credit grants). */
export const MAX_REASON_LENGTH = 500;

/** What a refused reason is told: German under the admin forms' fields, English on the console. */
const REASON_WORDING = {
  de: {
    refused: "Für diese Aktion ist ein Grund nötig.",
    missing: "Bitte geben Sie einen Grund an.",
    tooLong: `Höchstens ${MAX_REASON_LENGTH} Zeichen.`,
    unstorable: "Der Text enthält ein unzulässiges Steuerzeichen.",
  },
  en: {
    refused: "A reason is required for this billing action.",
    missing: "Required.",
    tooLong: `At most ${MAX_REASON_LENGTH} characters.`,
    unstorable: UNACCEPTABLE_TEXT_MESSAGE,
  },
} as const;

type ReasonWording = keyof typeof REASON_WORDING;

/** The rule of a reason staff give, trimmed: required, at most MAX_REASON_LENGTH characters, storable; else the message. */
export function adminReasonIssue(reason: string, wording: ReasonWording = "de"): string | null {
  const words = REASON_WORDING[wording];
  if (!reason) return words.missing;
  if (reason.length > MAX_REASON_LENGTH) return words.tooLong;
  return isAcceptableText(reason) ? null : words.unstorable;
}

/** The reason staff give for a decision, trimmed, or a validation_failed refusal on its field; German wording for the form. */
export function adminReason(raw: unknown, wording: ReasonWording = "de"): string {
  const reason = typeof raw === "string" ? raw.trim() : "";
  const issue = adminReasonIssue(reason, wording);
  if (issue) throw new AppError("validation_failed", REASON_WORDING[wording].refused, undefined, [{ path: "reason", message: issue }]);
  return reason;
}

/** adminReason in English, for the console (companies:restore). */
export const requireReason = (raw: unknown): string => adminReason(raw, "en");
