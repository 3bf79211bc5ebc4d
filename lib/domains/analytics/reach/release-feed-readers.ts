import { db } from "@/lib/core/db/client";
import { Prisma, type FeedKind, type Language, type Portal } from "@/lib/generated/prisma/client";
import { FEED_ITEMS } from "@/lib/domains/releases/feed-items";
import { archiveVisibleReleaseWhere } from "@/lib/domains/releases/visibility";

// Feed fetches are logged per feed, not per release (spec 2.6): a release reaches feed readers
// through the feeds that carry it. Those are its edition's main feed, its category's feed (and
// the parent category's, which lists the subcategories' releases) and its newsroom's feed, all
// of its own portal and language (lib/adapters/public/websub/topics.ts, topicsOfRelease). A feed
// lists its newest 50 releases (spec 8; FEED_ITEMS in lib/domains/releases/feed-items.ts), so it
// carries a release from its publication until the 50th newer one of that feed appeared: only
// fetches in that window count. On a busy portal that is a day of the main feed, not a year.

export interface ReleasePlacement {
  id: number;
  portal: Portal;
  language: Language;
  companyId: number;
  newsroomSlug: string;
  categoryId: number | null;
  /** The moment it became public: the windows start here. */
  publishedAt: Date;
}

export interface FeedReaderReach {
  reader: string;
  fetches: number;
  /** The largest subscriber count the reader reported for any of these feeds; null when it reported none. */
  largestSubscribers: number | null;
  firstFetchAt: Date;
}

export interface ReleaseFeedReach {
  /** Named readers, most subscribers first (then most fetches), at most `limit` of them. */
  readers: FeedReaderReach[];
  /** How many named readers there were in all. */
  readerCount: number;
  /** Every fetch of the feeds while they carried the release, named readers or not. */
  fetches: number;
  /** Fetches by clients that named no known reader. */
  unnamedFetches: number;
}

export const TOP_READERS = 10;

interface FeedWindow {
  kind: FeedKind;
  key: string;
  /** Null while the release is still among the feed's newest. */
  until: Date | null;
}

/** When the release left the feed of `where`: the publication of the 50th newer release in it; null while it has not. */
async function leftFeedAt(release: ReleasePlacement, where: Prisma.PressReleaseWhereInput, now: Date): Promise<Date | null> {
  const newer = await db.pressRelease.findFirst({
    where: {
      ...archiveVisibleReleaseWhere(now),
      portal: release.portal,
      language: release.language,
      ...where,
      AND: [{ OR: [{ publishedAt: { gt: release.publishedAt } }, { publishedAt: release.publishedAt, id: { gt: release.id } }] }],
    },
    orderBy: [{ publishedAt: "asc" }, { id: "asc" }],
    skip: FEED_ITEMS - 1,
    select: { publishedAt: true },
  });
  return newer?.publishedAt ?? null;
}

/** The feeds that carried the release, each with the moment it dropped out. */
async function feedWindows(release: ReleasePlacement, now: Date): Promise<FeedWindow[]> {
  const windows: FeedWindow[] = [
    { kind: "main", key: "main", until: await leftFeedAt(release, {}, now) },
    { kind: "newsroom", key: release.newsroomSlug, until: await leftFeedAt(release, { companyId: release.companyId }, now) },
  ];
  const category = release.categoryId
    ? await db.category.findUnique({
        where: { id: release.categoryId },
        select: { id: true, slug: true, parent: { select: { id: true, slug: true } } },
      })
    : null;
  // A category's feed lists its own releases and its subcategories' (lib/adapters/public/feeds/feeds.ts, categoryFeed).
  for (const c of [category, category?.parent].filter((c): c is { id: number; slug: string } => !!c)) {
    const ids = [c.id, ...(await db.category.findMany({ where: { parentId: c.id }, select: { id: true } })).map((k) => k.id)];
    windows.push({ kind: "category", key: c.slug, until: await leftFeedAt(release, { categoryId: { in: ids } }, now) });
  }
  return windows;
}

export async function loadReleaseFeedReach(release: ReleasePlacement, opts: { limit: number; now: Date }): Promise<ReleaseFeedReach> {
  const windows = await feedWindows(release, opts.now);
  const carried = windows.map(
    (w) => Prisma.sql`(feed_kind = ${w.kind}::"FeedKind" AND feed_key = ${w.key} AND fetched_at >= ${release.publishedAt}
      ${w.until ? Prisma.sql`AND fetched_at < ${w.until}` : Prisma.empty})`,
  );
  const rows = await db.$queryRaw<{ reader: string | null; fetches: number; largest: number | null; first: Date }[]>`
    SELECT reader, count(*)::int AS fetches, max(subscriber_count) AS largest, min(fetched_at) AS first
    FROM feed_fetches
    WHERE portal = ${release.portal}::"Portal" AND language = ${release.language}::"Language" AND (${Prisma.join(carried, " OR ")})
    GROUP BY reader`;
  const named = rows
    .filter((r): r is typeof r & { reader: string } => r.reader !== null)
    .map((r) => ({ reader: r.reader, fetches: r.fetches, largestSubscribers: r.largest, firstFetchAt: r.first }))
    .sort(
      (a, b) => (b.largestSubscribers ?? -1) - (a.largestSubscribers ?? -1) || b.fetches - a.fetches || a.reader.localeCompare(b.reader),
    );
  return {
    readers: named.slice(0, opts.limit),
    readerCount: named.length,
    fetches: rows.reduce((s, r) => s + r.fetches, 0),
    unnamedFetches: rows.find((r) => r.reader === null)?.fetches ?? 0,
  };
}
