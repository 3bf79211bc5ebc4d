import type { DbOrTx } from "@/lib/core/db/client";
import type { Language, PressRelease, Portal, ReleaseStatus } from "@/lib/generated/prisma/client";
import { deliverabilitySelect, deliverableCandidateWhere, isPubliclyDeliverable } from "@/lib/domains/images/deliverable";
import { feedPath, getSiteHosts, releaseUrl, siteOrigin, SITE_NAMES } from "@/lib/domains/sites";
import { canonicalTargetOf } from "../canonical";
import { FEED_ITEMS } from "../feed-items";
import { archiveVisibleReleaseWhere, publiclyVisibleReleaseWhere } from "../visibility";
import { TEXT_RECEIPT_EVENTS, type ReceiptEvent } from "./receipt-events";

// What a receipt states (docs/receipts.md "What a receipt states"), read from the release row in
// the transaction of the change, so it describes exactly what that change committed. Only what is
// true when it is issued: no title (a receipt outlives a legal redaction; content_hash binds
// title and text), images only while the page delivers them, the feed only while the release is
// among the feed's newest. Read for many releases at once (a newsroom's deletion issues a receipt
// for each of its releases in one transaction) with a fixed number of queries; one release is a
// batch of one.

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

/** A release as a receipt reads it: its row with its newsroom, read after the change. */
export type ReceiptRelease = PressRelease & { company: { id: number; name: string } };

/** What the receipts of one change have in common. */
export interface PayloadBatch {
  event: ReceiptEvent;
  issuedAt: Date;
  backfilled: boolean;
}

/** One receipt of the batch. */
export interface PayloadItem {
  release: ReceiptRelease;
  receiptId: number;
  sequence: number;
  /** The release's previous receipt: a listing it began goes on unbroken, and a text it let out keeps its check. */
  previous: ReceiptPayload | null;
}

type StatedImage = ReceiptPayload["images"][number];

/** The newest valid check of exactly each release's version (its review fingerprint). */
async function checkOutcomes(
  client: DbOrTx,
  releases: Pick<PressRelease, "id" | "reviewFingerprint">[],
): Promise<Map<number, CheckOutcome>> {
  const fingerprintOf = new Map(releases.filter((r) => r.reviewFingerprint).map((r) => [r.id, r.reviewFingerprint!]));
  const outcomes = new Map<number, CheckOutcome>();
  if (!fingerprintOf.size) return outcomes;
  const rows = await client.pressReleaseClassification.findMany({
    where: {
      pressReleaseId: { in: [...fingerprintOf.keys()] },
      discardedAt: null,
      reviewFingerprint: { in: [...new Set(fingerprintOf.values())] },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { pressReleaseId: true, reviewFingerprint: true, result: true },
  });
  for (const row of rows)
    if (!outcomes.has(row.pressReleaseId) && row.reviewFingerprint === fingerprintOf.get(row.pressReleaseId))
      outcomes.set(row.pressReleaseId, row.result);
  return outcomes;
}

/** The lifecycle events that put a text up. */
const SHOWN_BY: ("published" | "changed" | "corrected")[] = ["published", "changed", "corrected"];

/**
 * A person approved the shown version (approved_review_fingerprint), published it themselves, or
 * wrote it (a legal correction); else the check of this version let it out.
 */
async function approvals(
  client: DbOrTx,
  releases: Pick<PressRelease, "id" | "reviewFingerprint" | "approvedReviewFingerprint">[],
  outcomes: Map<number, CheckOutcome>,
): Promise<Map<number, ApprovedBy>> {
  const by = new Map<number, ApprovedBy>();
  for (const r of releases) if (r.approvedReviewFingerprint && r.approvedReviewFingerprint === r.reviewFingerprint) by.set(r.id, "editor");
  const open = releases.filter((r) => !by.has(r.id));
  if (!open.length) return by;
  // The event that put the shown text up: a publication, a paid change or a correction.
  const events = await client.releaseLifecycleEvent.findMany({
    where: { pressReleaseId: { in: open.map((r) => r.id) }, type: { in: SHOWN_BY } },
    orderBy: { id: "desc" },
    select: { pressReleaseId: true, type: true, actorType: true },
  });
  const shown = new Map<number, (typeof events)[number]>();
  for (const e of events) if (!shown.has(e.pressReleaseId)) shown.set(e.pressReleaseId, e);
  for (const r of open) {
    const e = shown.get(r.id);
    if (e?.type === "corrected" || (e?.type === "published" && e.actorType === "admin")) by.set(r.id, "editor");
    else by.set(r.id, (outcomes.get(r.id) ?? "none") === "none" ? "not_recorded" : "automatic_check");
  }
  return by;
}

/** Whether a receipt re-states the check and approval of the previous one (docs/receipts.md): its event leaves the text as it was. */
const carriesJudgement = (event: ReceiptEvent, item: PayloadItem) =>
  !TEXT_RECEIPT_EVENTS.includes(event) && item.previous !== null && item.previous.content_hash === item.release.contentHash;

/** The images pages of these releases deliver, in page order, by release (whether the pages themselves are public aside). */
async function deliverableImages(client: DbOrTx, releaseIds: number[]): Promise<Map<number, StatedImage[]>> {
  const byRelease = new Map<number, StatedImage[]>();
  if (!releaseIds.length) return byRelease;
  const rows = await client.pressReleaseImage.findMany({
    where: { pressReleaseId: { in: releaseIds }, ...deliverableCandidateWhere },
    orderBy: [{ pressReleaseId: "asc" }, { position: "asc" }, { id: "asc" }],
    select: { pressReleaseId: true, position: true, metadataHash: true, ...deliverabilitySelect },
  });
  for (const r of rows.filter(isPubliclyDeliverable)) {
    const list = byRelease.get(r.pressReleaseId) ?? [];
    list.push({ position: r.position, sha256: r.bytesSha256, metadata_hash: r.metadataHash });
    byRelease.set(r.pressReleaseId, list);
  }
  return byRelease;
}

/** Which of these releases `where` lets through at `at`. */
async function visibleAmong(client: DbOrTx, ids: number[], where: typeof publiclyVisibleReleaseWhere, at: Date): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await client.pressRelease.findMany({ where: { id: { in: ids }, ...where(at) }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

/**
 * The images a receipt of the release states at `at`: those its page delivers, none while the
 * page is not public (removed, deleted, archived, its newsroom gone). A change of these is a
 * change of what the public is shown (lib/domains/releases/review-images.ts issues its receipt).
 */
export async function statedImages(client: DbOrTx, releaseId: number, at: Date): Promise<StatedImage[]> {
  if (!(await visibleAmong(client, [releaseId], publiclyVisibleReleaseWhere, at)).size) return [];
  return (await deliverableImages(client, [releaseId])).get(releaseId) ?? [];
}

/**
 * The releases their portal edition's feed lists at `at`, as the feed selects them
 * (lib/adapters/public/feeds/feeds.ts): the newest FEED_ITEMS visible in the archive.
 */
async function feedItemsAt(client: DbOrTx, releases: Pick<PressRelease, "portal" | "language">[], at: Date): Promise<Set<number>> {
  const editions = new Map(releases.map((r) => [`${r.portal}/${r.language}`, { portal: r.portal, language: r.language }]));
  const listed = new Set<number>();
  for (const { portal, language } of editions.values()) {
    const rows = await client.pressRelease.findMany({
      where: { ...archiveVisibleReleaseWhere(at), portal, language },
      orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
      take: FEED_ITEMS,
      select: { id: true },
    });
    for (const r of rows) listed.add(r.id);
  }
  return listed;
}

/**
 * Feed and news sitemap list a release while it is visible in the archive, from the commit of the
 * change that made it so (a publication: its published_at) or, listed before, from where that
 * listing began. The feed only while the release is among the newest FEED_ITEMS of its portal
 * edition when the receipt is issued; the news sitemap only within its window after
 * published_at, and only while that window is still open when the receipt is issued.
 */
function listings(
  batch: PayloadBatch,
  item: PayloadItem,
  listed: { archive: boolean; feed: boolean },
  urls: { feed: string; newsSitemap: string },
): Pick<ReceiptPayload, "feed" | "news_sitemap"> {
  const { publishedAt } = item.release;
  if (!listed.archive || !publishedAt) return { feed: null, news_sitemap: null };
  const carried = item.previous?.feed?.listed_from ?? item.previous?.news_sitemap?.listed_from;
  const from = carried ? new Date(carried) : batch.backfilled ? publishedAt : batch.issuedAt;
  const until = new Date(publishedAt.getTime() + NEWS_SITEMAP_WINDOW_HOURS * 3_600_000);
  const newsFrom = from > publishedAt ? from : publishedAt;
  return {
    feed: listed.feed ? { url: urls.feed, listed_from: from.toISOString() } : null,
    news_sitemap:
      batch.issuedAt < until ? { url: urls.newsSitemap, listed_from: newsFrom.toISOString(), listed_until: until.toISOString() } : null,
  };
}

/**
 * The statements of the receipts of one change, read in its transaction, in the order of `items`.
 * Check and approval are read anew for the events that put a text up; any other event carries
 * both over from the previous receipt when that one states the same text (content_hash): an
 * image change moves the review fingerprint to one no check has seen, yet the text is the one
 * the check or person the previous receipt names let out.
 */
export async function receiptPayloads(client: DbOrTx, batch: PayloadBatch, items: PayloadItem[]): Promise<ReceiptPayload[]> {
  const at = batch.issuedAt;
  const isPublic = await visibleAmong(
    client,
    items.map((i) => i.release.id),
    publiclyVisibleReleaseWhere,
    at,
  );
  const listed = await visibleAmong(client, [...isPublic], archiveVisibleReleaseWhere, at);
  const images = await deliverableImages(client, [...isPublic]);
  const inFeed = await feedItemsAt(
    client,
    items.filter((i) => listed.has(i.release.id)).map((i) => i.release),
    at,
  );
  const judgedAnew = items.filter((i) => !carriesJudgement(batch.event, i)).map((i) => i.release);
  const outcomes = await checkOutcomes(client, judgedAnew);
  const approvedBy = await approvals(client, judgedAnew, outcomes);
  const hosts = getSiteHosts();
  const payloads: ReceiptPayload[] = [];
  for (const item of items) {
    const { release, previous } = item;
    const origin = siteOrigin(release.portal, hosts);
    const publicUrl = releaseUrl(release, hosts);
    // A copy's canonical (one query, for copies only).
    const canonical = await canonicalTargetOf(client, release, at);
    const carried = carriesJudgement(batch.event, item) ? previous : null;
    payloads.push({
      receipt_version: 1,
      receipt_id: item.receiptId,
      sequence: item.sequence,
      event: batch.event,
      issued_at: at.toISOString(),
      ...(batch.backfilled ? { backfilled: true as const } : {}),
      release: {
        id: release.id,
        newsroom: { id: release.company.id, name: release.company.name },
        portal: release.portal,
        portal_name: SITE_NAMES[release.portal],
        edition: release.language,
        urls: { public: publicUrl, canonical: canonical ? releaseUrl(canonical, hosts) : publicUrl },
      },
      published_at: release.publishedAt?.toISOString() ?? null,
      content_hash: release.contentHash,
      review_fingerprint: release.reviewFingerprint,
      check: carried ? carried.check : { outcome: outcomes.get(release.id) ?? "none" },
      approval: carried ? carried.approval : { by: approvedBy.get(release.id) ?? "not_recorded" },
      images: isPublic.has(release.id) ? (images.get(release.id) ?? []) : [],
      ...listings(
        batch,
        item,
        { archive: listed.has(release.id), feed: inFeed.has(release.id) },
        { feed: `${origin}${feedPath(release.language)}`, newsSitemap: `${origin}/sitemap-news.xml` },
      ),
      state: {
        status: release.status,
        public: isPublic.has(release.id),
        listed: listed.has(release.id),
        gone: !!release.goneAt,
        deleted: !!release.deletedAt,
      },
    });
  }
  return payloads;
}
