import type { DbOrTx } from "@/lib/core/db/client";
import type { Language, Portal, ReleaseStatus } from "@/lib/generated/prisma/client";
import { deliverabilitySelect, deliverableCandidateWhere, isPubliclyDeliverable } from "@/lib/domains/images/deliverable";
import { feedPath, getSiteHosts, releaseUrl, siteOrigin, SITE_NAMES } from "@/lib/domains/sites";
import { canonicalTargetOf } from "../canonical";
import { archiveVisibleReleaseWhere, publiclyVisibleReleaseWhere } from "../visibility";
import type { ReceiptEvent } from "./receipt-events";

// What a receipt states (docs/receipts.md "What a receipt states"), read from the release row in
// the transaction of the change, so it describes exactly what that change committed.

/** How long a publication stays in its portal's news sitemap (lib/adapters/public/seo/news-sitemap.ts; a test keeps both equal). */
export const NEWS_SITEMAP_WINDOW_HOURS = 48;

export type CheckOutcome = "green" | "yellow" | "red" | "none";
/** Who let the shown text out: the automatic check, a person of the editorial staff (a role, never a name), or no record of either (releases from before the check). */
export type ApprovedBy = "automatic_check" | "editor" | "not_recorded";

export interface ReceiptPayload {
  receipt_version: 1;
  receipt_id: number;
  sequence: number;
  event: ReceiptEvent;
  issued_at: string;
  /** Issued afterwards for a release published before receipts existed; describes its state then. */
  backfilled?: true;
  release: {
    id: number;
    newsroom: { id: number; name: string };
    portal: Portal;
    portal_name: string;
    edition: Language;
    title: string;
    urls: { public: string; canonical: string };
  };
  published_at: string | null;
  content_hash: string;
  review_fingerprint: string | null;
  check: { outcome: CheckOutcome };
  approval: { by: ApprovedBy };
  images: { position: number; sha256: string; metadata_hash: string }[];
  feed: { url: string; listed_from: string } | null;
  news_sitemap: { url: string; listed_from: string; listed_until: string } | null;
  state: { status: ReleaseStatus; public: boolean; listed: boolean; gone: boolean; deleted: boolean };
}

export interface PayloadInput {
  releaseId: number;
  receiptId: number;
  sequence: number;
  event: ReceiptEvent;
  issuedAt: Date;
  backfilled: boolean;
  /** The release's previous receipt: a listing it began goes on unbroken. */
  previous: ReceiptPayload | null;
}

/** The newest valid check of exactly this version (its review fingerprint). */
async function checkOutcome(client: DbOrTx, releaseId: number, fingerprint: string | null): Promise<CheckOutcome> {
  if (!fingerprint) return "none";
  const newest = await client.pressReleaseClassification.findFirst({
    where: { pressReleaseId: releaseId, discardedAt: null, reviewFingerprint: fingerprint },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { result: true },
  });
  return newest?.result ?? "none";
}

/**
 * A person approved the shown version (approved_review_fingerprint), published it themselves, or
 * wrote it (a legal correction); else the check of this version let it out.
 */
async function approvedBy(
  client: DbOrTx,
  release: { id: number; reviewFingerprint: string | null; approvedReviewFingerprint: string | null },
  outcome: CheckOutcome,
): Promise<ApprovedBy> {
  if (release.approvedReviewFingerprint && release.approvedReviewFingerprint === release.reviewFingerprint) return "editor";
  // The event that put the shown text up: a publication, a paid change or a correction.
  const shown = await client.releaseLifecycleEvent.findFirst({
    where: { pressReleaseId: release.id, type: { in: ["published", "changed", "corrected"] } },
    orderBy: { id: "desc" },
    select: { type: true, actorType: true },
  });
  if (shown?.type === "corrected" || (shown?.type === "published" && shown.actorType === "admin")) return "editor";
  return outcome === "none" ? "not_recorded" : "automatic_check";
}

/** The images its page delivers, in page order. */
async function deliveredImages(client: DbOrTx, releaseId: number) {
  const rows = await client.pressReleaseImage.findMany({
    where: { pressReleaseId: releaseId, ...deliverableCandidateWhere },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { position: true, metadataHash: true, ...deliverabilitySelect },
  });
  return rows.filter(isPubliclyDeliverable).map((r) => ({ position: r.position, sha256: r.bytesSha256, metadata_hash: r.metadataHash }));
}

const isVisible = async (client: DbOrTx, id: number, where: typeof publiclyVisibleReleaseWhere, at: Date) =>
  (await client.pressRelease.count({ where: { id, ...where(at) } })) === 1;

/**
 * Feed and news sitemap list a release while it is visible in the archive, from the commit of the
 * change that made it so (a publication: its published_at) or, listed before, from where that
 * listing began; the news sitemap only within its window after published_at, and only while that
 * window is still open when the receipt is issued.
 */
function listings(
  input: PayloadInput,
  release: { publishedAt: Date | null },
  listed: boolean,
  urls: { feed: string; newsSitemap: string },
): Pick<ReceiptPayload, "feed" | "news_sitemap"> {
  if (!listed || !release.publishedAt) return { feed: null, news_sitemap: null };
  const carried = input.previous?.feed?.listed_from;
  const from = carried ? new Date(carried) : input.backfilled ? release.publishedAt : input.issuedAt;
  const until = new Date(release.publishedAt.getTime() + NEWS_SITEMAP_WINDOW_HOURS * 3_600_000);
  const newsFrom = from > release.publishedAt ? from : release.publishedAt;
  return {
    feed: { url: urls.feed, listed_from: from.toISOString() },
    news_sitemap:
      input.issuedAt < until ? { url: urls.newsSitemap, listed_from: newsFrom.toISOString(), listed_until: until.toISOString() } : null,
  };
}

/** The statements of one receipt, read in the transaction of the change it describes. */
export async function receiptPayload(client: DbOrTx, input: PayloadInput): Promise<ReceiptPayload> {
  const release = await client.pressRelease.findUniqueOrThrow({
    where: { id: input.releaseId },
    include: { company: { select: { id: true, name: true } } },
  });
  const hosts = getSiteHosts();
  const origin = siteOrigin(release.portal, hosts);
  const publicUrl = releaseUrl(release, hosts);
  const canonical = await canonicalTargetOf(client, release, input.issuedAt);
  const outcome = await checkOutcome(client, release.id, release.reviewFingerprint);
  const isPublic = await isVisible(client, release.id, publiclyVisibleReleaseWhere, input.issuedAt);
  const listed = await isVisible(client, release.id, archiveVisibleReleaseWhere, input.issuedAt);
  return {
    receipt_version: 1,
    receipt_id: input.receiptId,
    sequence: input.sequence,
    event: input.event,
    issued_at: input.issuedAt.toISOString(),
    ...(input.backfilled ? { backfilled: true as const } : {}),
    release: {
      id: release.id,
      newsroom: { id: release.company.id, name: release.company.name },
      portal: release.portal,
      portal_name: SITE_NAMES[release.portal],
      edition: release.language,
      title: release.title,
      urls: { public: publicUrl, canonical: canonical ? releaseUrl(canonical, hosts) : publicUrl },
    },
    published_at: release.publishedAt?.toISOString() ?? null,
    content_hash: release.contentHash,
    review_fingerprint: release.reviewFingerprint,
    check: { outcome },
    approval: { by: await approvedBy(client, release, outcome) },
    images: await deliveredImages(client, release.id),
    ...listings(input, release, listed, { feed: `${origin}${feedPath(release.language)}`, newsSitemap: `${origin}/sitemap-news.xml` }),
    state: { status: release.status, public: isPublic, listed, gone: !!release.goneAt, deleted: !!release.deletedAt },
  };
}
