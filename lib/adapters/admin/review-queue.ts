import { reviewReasonsOf } from "@/lib/adapters/dashboard/review-reasons";
import { linksOf } from "@/lib/domains/releases/links";
import { listCheckNeeded } from "@/lib/domains/releases/manual-review";

/**
 * The "check needed" queue as the admin page shows it: every check with all its reasons, and
 * everything the approval covers (its review fingerprint): the full sanitised text, each link
 * with its target, lead, dateline, keywords, category, contact and images. The fingerprint goes
 * with the approval, so a release that changes while the admin reads it is not approved.
 */
export async function loadReviewQueue() {
  const releases = await listCheckNeeded();
  return releases.map((r) => ({
    id: r.id,
    title: r.title,
    lead: r.lead,
    /** Sanitised when stored (every entry point); shown as the portal will show it. */
    bodyHtml: r.body,
    links: linksOf(r.body),
    companyName: r.company.name,
    portal: r.portal,
    language: r.language,
    location: r.location,
    keywords: r.keywords,
    category: r.category?.nameDe ?? null,
    contact: { name: r.contactName, email: r.contactEmail, phone: r.contactPhone },
    images: r.images,
    scheduledAt: r.scheduledAt,
    reviewFingerprint: r.reviewFingerprint,
    // Why a person decides: the last allowed red, or the manual queue (yellow, or marked for manual review).
    reason: r.reviewFlaggedAt ? ("last_red" as const) : ("manual_queue" as const),
    waitingSince: r.reviewFlaggedAt ?? r.manualQueueAt ?? r.updatedAt,
    automaticAttempts: r.automaticAttempts,
    checks: r.classifications.map((c) => ({
      id: c.id,
      result: c.result,
      attempt: c.attempt,
      at: c.createdAt,
      classifier: c.classifier,
      reasons: reviewReasonsOf(c.reasons),
    })),
  }));
}
export type ReviewQueueItem = Awaited<ReturnType<typeof loadReviewQueue>>[number];
