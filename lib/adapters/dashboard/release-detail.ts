import { getConfig } from "@/lib/core/config";
import { documentsToAcceptBeforeSubmit } from "@/lib/domains/legal-terms/documents";
import { db } from "@/lib/core/db/client";
import { EDITABLE_STATUSES } from "@/lib/domains/releases/save-release";
import { dateToBerlinLocal } from "@/lib/core/time/berlin-time";
import { releaseActionsOf, type ReleaseAction } from "@/lib/domains/accounts/abilities";
import { isDeletableByNewsroom } from "@/lib/domains/releases/delete-release";
import { newsroomsOfUser, ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { currentTextDeclaration } from "@/lib/domains/releases/ai-declaration";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { activeCategories } from "./newsrooms";
import { reviewReasonsOf } from "./review-reasons";
import type { ReleaseFormValues } from "./release-rules";

/** Which buttons the release page offers: status rules and the role matrix; the domain checks again when pressed. */
function allowedActions(r: { status: string; goneAt: Date | null; publishedEverAt: Date | null }, may: Record<ReleaseAction, boolean>) {
  const alive = !r.goneAt;
  return {
    edit: may.edit && alive && (EDITABLE_STATUSES as readonly string[]).includes(r.status),
    submit: may.submit && alive && (r.status === "draft" || r.status === "rejected"),
    withdraw: may.withdraw && alive && (r.status === "in_review" || r.status === "scheduled"),
    archive: may.archive && alive && r.status === "published",
    delete: may.delete && isDeletableByNewsroom(r),
  };
}

/** Everything the customer's release page shows, for a release of one of the user's newsrooms. */
export async function loadDashboardRelease(userId: number, releaseId: number) {
  const release = await ownReleaseOrThrow(userId, releaseId);
  const [company, classification, history, newsrooms, may, documentsToAccept, aiDeclaration, readable] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: release.companyId }, select: { id: true, name: true } }),
    db.pressReleaseClassification.findFirst({
      where: { pressReleaseId: release.id, discardedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    }),
    db.pressReleaseHistory.findMany({ where: { pressReleaseId: release.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50 }),
    newsroomsOfUser(userId),
    releaseActionsOf(userId, release),
    documentsToAcceptBeforeSubmit(userId),
    currentTextDeclaration(release.id),
    db.pressRelease.count({ where: { id: release.id, status: "published", ...publiclyVisibleReleaseWhere(new Date()) } }),
  ]);
  const newsroom = newsrooms.find((n) => n.id === release.companyId);
  const form: ReleaseFormValues = {
    companyId: String(release.companyId),
    portal: release.portal,
    language: release.language,
    categoryId: release.categoryId ? String(release.categoryId) : "",
    title: release.title,
    lead: release.lead ?? "",
    // Stored sanitised HTML goes into the editor as it is.
    body: release.body,
    location: release.location ?? "",
    contactName: release.contactName ?? "",
    contactEmail: release.contactEmail ?? "",
    contactPhone: release.contactPhone ?? "",
    scheduledAt: dateToBerlinLocal(release.scheduledAt),
    // Releases from before the declaration existed have none; the form then asks for one.
    aiDeclaration: aiDeclaration ?? "",
  };
  return {
    release: {
      id: release.id,
      title: release.title,
      status: release.status,
      portal: release.portal,
      language: release.language,
      slug: release.slug,
      publishedAt: release.publishedAt,
      scheduledAt: release.scheduledAt,
      goneAt: release.goneAt,
      /** The page a reader opens now; none under a running embargo, withdrawn or removed. */
      publicUrl: readable ? releaseUrl(release, getSiteHosts()) : null,
      waitsForPerson:
        release.status === "in_review" && !!(release.reviewFlaggedAt || release.manualQueueAt || release.manualReviewRequiredAt),
    },
    company,
    form,
    // Releases published once keep their portal and language (lib/domains/releases/save-release.ts).
    placementLocked: !!release.publishedEverAt,
    portals: newsroom?.portals ?? [release.portal],
    categories: await activeCategories(newsroom?.portals ?? [release.portal]),
    review: classification
      ? { result: classification.result, reasons: reviewReasonsOf(classification.reasons), checkedAt: classification.createdAt }
      : null,
    attempts: { used: release.automaticAttempts, max: getConfig().review.maxAutomaticAttempts },
    history,
    comments: history.filter((h) => h.comment).map((h) => ({ at: h.createdAt, comment: h.comment!, actorType: h.actorType })),
    actions: allowedActions(release, may),
    /** The form saves a draft by itself while the customer types; other statuses follow their own rules. */
    autosave: release.status === "draft" && !release.goneAt,
    /** The status would allow changes, the role in the newsroom does not (someone else's text). */
    editableByOthersOnly: !may.edit && !release.goneAt && (EDITABLE_STATUSES as readonly string[]).includes(release.status),
    documentsToAccept,
  };
}
export type DashboardRelease = Awaited<ReturnType<typeof loadDashboardRelease>>;
