import type { ReviewReason } from "@/lib/domains/review/classifier";

/** press_release_classifications.reasons is JSON; only well-formed entries are shown. */
export function reviewReasonsOf(json: unknown): ReviewReason[] {
  if (!Array.isArray(json)) return [];
  return json.filter((r): r is ReviewReason => !!r && typeof r === "object" && typeof (r as ReviewReason).message === "string");
}
