import { AppError } from "@/lib/http/errors";
import { MAX_REASON_LENGTH } from "@/lib/input/admin-reason";
import { isAcceptableText, UNACCEPTABLE_TEXT_MESSAGE } from "@/lib/input/text";

export { MAX_REASON_LENGTH };

/** The reason an admin gives for a billing action: required, stored as written (trimmed). */
export function requireReason(raw: unknown): string {
  const reason = typeof raw === "string" ? raw.trim() : "";
  const issue = !reason ? "Required." : reason.length > MAX_REASON_LENGTH ? `At most ${MAX_REASON_LENGTH} characters.` : !isAcceptableText(reason) ? UNACCEPTABLE_TEXT_MESSAGE : null;
  if (issue) throw new AppError("validation_failed", "A reason is required for this billing action.", undefined, [{ path: "reason", message: issue }]);
  return reason;
}
