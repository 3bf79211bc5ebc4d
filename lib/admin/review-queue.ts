import { reviewReasonsOf } from "@/lib/dashboard/review-reasons";
import { textWithoutMarkup } from "@/lib/releases/content-hash";
import { listCheckNeeded } from "@/lib/releases/manual-review";

const PREVIEW_CHARS = 700;

/** The "check needed" queue as the admin page shows it: every check with all its reasons, and a text preview. */
export async function loadReviewQueue() {
  const releases = await listCheckNeeded();
  return releases.map((r) => {
    const text = textWithoutMarkup(r.body);
    return {
      id: r.id,
      title: r.title,
      lead: r.lead,
      companyName: r.company.name,
      portal: r.portal,
      language: r.language,
      location: r.location,
      scheduledAt: r.scheduledAt,
      // Why a person decides: the last allowed red, or the manual queue (yellow, or marked for manual review).
      reason: r.reviewFlaggedAt ? ("last_red" as const) : ("manual_queue" as const),
      waitingSince: r.reviewFlaggedAt ?? r.manualQueueAt ?? r.updatedAt,
      automaticAttempts: r.automaticAttempts,
      preview: text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)} …` : text,
      checks: r.classifications.map((c) => ({ id: c.id, result: c.result, attempt: c.attempt, at: c.createdAt, classifier: c.classifier, reasons: reviewReasonsOf(c.reasons) })),
    };
  });
}
export type ReviewQueueItem = Awaited<ReturnType<typeof loadReviewQueue>>[number];
