import { db } from "@/lib/core/db/client";
import type { FeedKind, IndexState, Language, Portal } from "@/lib/generated/prisma/client";
import type { ReportRange } from "./report-range";
import { perDay, type DayCount } from "./activity-per-day";
import { feedFetchCoverage, type FeedFetchCoverage } from "./feed-fetch-coverage";
import { loadFeedFetchesPerDay, type FeedFetchDay } from "./feed-fetches-per-day";

// The indexing and fetches report (spec 4.3, 2.6, 6.1): who reads the feeds and how many
// subscribers each reader reports, which crawlers fetch release pages, and what the search
// index said about releases (press-releases:check-index-status). Everything within a time range.

export interface ReaderFeed {
  reader: string;
  kind: FeedKind;
  key: string;
  portal: Portal;
  language: Language;
  /** The latest count this reader reported for this feed in the range; null when it reported none. */
  subscribers: number | null;
  fetches: number;
  lastFetchAt: Date;
}

export interface ReaderSummary {
  reader: string;
  feeds: number;
  /** Sum over the reader's feeds of each feed's latest reported count. */
  subscribers: number;
  fetches: number;
  lastFetchAt: Date;
}

export interface CrawlerSummary {
  service: string;
  fetches: number;
  releases: number;
  lastFetchAt: Date;
}

export interface IndexCheck {
  releaseId: number;
  title: string;
  portal: Portal;
  state: IndexState;
  checkedAt: Date;
}

export interface IndexingReport {
  range: ReportRange;
  readers: ReaderSummary[];
  readerFeeds: ReaderFeed[];
  /** Fetches by clients that named no known reader. */
  otherFeedFetches: number;
  /** Per day, with whether the fetch log was complete that day (FEED_FETCHES_RECORDED_SINCE). */
  feedFetchesPerDay: FeedFetchDay[];
  /** Whether the feed figures of the range are complete; every feed figure above depends on it. */
  feedCoverage: FeedFetchCoverage;
  crawlers: CrawlerSummary[];
  crawlerFetchesPerDay: DayCount[];
  /** Per state: releases whose latest check in the range had it. */
  indexStates: { state: IndexState; releases: number }[];
  latestChecks: IndexCheck[];
  /** Published releases never checked at all. */
  publishedNeverChecked: number;
}

export const INDEX_STATES: IndexState[] = ["indexed", "crawled_not_indexed", "not_crawled", "excluded", "error"];
const LATEST_CHECKS = 20;

export async function loadIndexingReport(opts: { range: ReportRange }): Promise<IndexingReport> {
  const { from, to } = opts.range;
  const feedCoverage = feedFetchCoverage(opts.range);
  // One query after another: the embedded database has one connection.
  const feeds = await db.$queryRaw<
    {
      reader: string;
      kind: FeedKind;
      key: string;
      portal: Portal;
      language: Language;
      subscribers: number | null;
      fetches: number;
      last: Date;
    }[]
  >`
    SELECT reader, feed_kind AS kind, feed_key AS key, portal, language,
           (array_agg(subscriber_count ORDER BY fetched_at DESC) FILTER (WHERE subscriber_count IS NOT NULL))[1] AS subscribers,
           count(*)::int AS fetches, max(fetched_at) AS last
    FROM feed_fetches
    WHERE fetched_at >= ${from} AND fetched_at < ${to} AND reader IS NOT NULL
    GROUP BY reader, feed_kind, feed_key, portal, language`;
  const [other] = await db.$queryRaw<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM feed_fetches WHERE fetched_at >= ${from} AND fetched_at < ${to} AND reader IS NULL`;
  const feedFetchesPerDay = await loadFeedFetchesPerDay(opts.range);
  const crawlers = await db.$queryRaw<{ service: string; fetches: number; releases: number; last: Date }[]>`
    SELECT service, count(*)::int AS fetches, count(DISTINCT press_release_id)::int AS releases, max(fetched_at) AS last
    FROM crawler_fetches WHERE fetched_at >= ${from} AND fetched_at < ${to}
    GROUP BY service ORDER BY count(*) DESC, service`;
  const crawlerDays = await db.$queryRaw<{ day: string; n: number }[]>`
    SELECT to_char(fetched_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS day, count(*)::int AS n
    FROM crawler_fetches WHERE fetched_at >= ${from} AND fetched_at < ${to} GROUP BY 1`;
  const states = await db.$queryRaw<{ state: IndexState; n: number }[]>`
    SELECT state, count(*)::int AS n FROM (
      SELECT DISTINCT ON (press_release_id) state FROM press_release_index_checks
      WHERE checked_at >= ${from} AND checked_at < ${to}
      ORDER BY press_release_id, checked_at DESC, id DESC
    ) latest GROUP BY state`;
  const latest = await db.$queryRaw<{ release_id: number; title: string; portal: Portal; state: IndexState; checked_at: Date }[]>`
    SELECT c.press_release_id AS release_id, r.title, r.portal, c.state, c.checked_at
    FROM press_release_index_checks c JOIN press_releases r ON r.id = c.press_release_id
    WHERE c.checked_at >= ${from} AND c.checked_at < ${to}
    ORDER BY c.checked_at DESC, c.id DESC LIMIT ${LATEST_CHECKS}`;
  const [never] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM press_releases r
    WHERE r.status = 'published' AND NOT EXISTS (SELECT 1 FROM press_release_index_checks c WHERE c.press_release_id = r.id)`;

  const readerFeeds = feeds
    .map((f): ReaderFeed => ({
      reader: f.reader,
      kind: f.kind,
      key: f.key,
      portal: f.portal,
      language: f.language,
      subscribers: f.subscribers,
      fetches: f.fetches,
      lastFetchAt: f.last,
    }))
    .sort((a, b) => (b.subscribers ?? -1) - (a.subscribers ?? -1) || b.fetches - a.fetches || a.reader.localeCompare(b.reader));
  const readers = new Map<string, ReaderSummary>();
  for (const f of readerFeeds) {
    const r = readers.get(f.reader) ?? { reader: f.reader, feeds: 0, subscribers: 0, fetches: 0, lastFetchAt: f.lastFetchAt };
    r.feeds += 1;
    r.subscribers += f.subscribers ?? 0;
    r.fetches += f.fetches;
    if (f.lastFetchAt > r.lastFetchAt) r.lastFetchAt = f.lastFetchAt;
    readers.set(f.reader, r);
  }
  const stateCounts = new Map(states.map((s) => [s.state, s.n]));
  return {
    range: opts.range,
    readers: [...readers.values()].sort((a, b) => b.subscribers - a.subscribers || b.fetches - a.fetches),
    readerFeeds,
    otherFeedFetches: other?.n ?? 0,
    feedFetchesPerDay,
    feedCoverage,
    crawlers: crawlers.map((c) => ({ service: c.service, fetches: c.fetches, releases: c.releases, lastFetchAt: c.last })),
    crawlerFetchesPerDay: perDay(opts.range, crawlerDays),
    indexStates: INDEX_STATES.map((state) => ({ state, releases: stateCounts.get(state) ?? 0 })),
    latestChecks: latest.map((c) => ({
      releaseId: c.release_id,
      title: c.title,
      portal: c.portal,
      state: c.state,
      checkedAt: c.checked_at,
    })),
    publishedNeverChecked: never?.n ?? 0,
  };
}
