import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import type { IndexNowPingStatus, IndexState, Language, Portal } from "@/lib/generated/prisma/client";
import { perDay, type DayCount } from "@/lib/domains/reports/activity-per-day";
import { berlinDayOf } from "@/lib/domains/reports/report-range";
import { lastAggregationAt } from "../aggregate-views";
import { channelOfMetric, MAIL_CLICK_METRIC, REPORTED_CHANNELS, VIEW_METRIC, type ShareChannel } from "./metrics";
import { viewableReleaseOrThrow } from "./reach-access";
import { viewDays, type DayWindow } from "./reach-window";
import { loadSourceStarts, sourceNotes, type SourceNote } from "./recorded-since";
import { loadReleaseFeedReach, TOP_READERS, type ReleaseFeedReach } from "./release-feed-readers";
import { loadReleaseTiming, type ReleaseTiming } from "./release-timing";

// The reach of one release (issue 33): views per day since its publication, shares per channel,
// mail clicks, the feed readers, crawlers, search engines and IndexNow pings that took notice of
// it, and how fast it got out. Numbers only: no figure names a person. Views, shares and mail
// clicks come from the counts the view aggregation books (at most 10 minutes behind); the other
// sources are read as they stand.

export interface CrawlerReach {
  service: string;
  fetches: number;
  firstFetchAt: Date;
  lastFetchAt: Date;
}

export interface IndexStateReach {
  /** Who answered (lib/adapters/public/seo/index-inspection); null on checks from before it was recorded. */
  inspector: string | null;
  state: IndexState;
  checkedAt: Date;
}

export interface IndexNowReach {
  status: IndexNowPingStatus;
  pings: number;
  firstCreatedAt: Date;
  firstSentAt: Date | null;
}

export interface ReleaseReach {
  release: { id: number; title: string; portal: Portal; language: Language; companyId: number; publishedAt: Date | null };
  /** The chart's days, null before the publication. */
  days: DayWindow | null;
  viewsPerDay: DayCount[];
  totals: { views: number; shares: number; mailClicks: number };
  /** press_releases.hits: includes views counted before the daily counts began. */
  hits: number;
  /** Every channel, zeros included ("unknown" only when it has shares). */
  shares: { channel: ShareChannel; count: number }[];
  feeds: ReleaseFeedReach;
  crawlers: CrawlerReach[];
  /** The newest check per inspector. */
  indexStates: IndexStateReach[];
  indexNow: IndexNowReach[];
  timing: ReleaseTiming;
  notes: SourceNote[];
  /** When the aggregation last booked or found nothing left: how fresh views, shares and mail clicks are. */
  countedAt: Date | null;
}

/** The reach of a release the viewer may see in the dashboard (`view` in its newsroom); any other is not found. */
export async function loadReleaseReachForViewer(opts: ReleaseReachOptions & { userId: number }): Promise<ReleaseReach> {
  await viewableReleaseOrThrow(opts.userId, opts.releaseId);
  return loadReleaseReach(opts);
}

export interface ReleaseReachOptions {
  releaseId: number;
  now?: Date;
  /** How many feed readers to list (the page: the top ten; a download: all). */
  readerLimit?: number;
}

/** The reach of one release, without an access check: for callers that made theirs (the viewer function above, the benchmark). */
export async function loadReleaseReach(opts: ReleaseReachOptions): Promise<ReleaseReach> {
  const now = opts.now ?? new Date();
  if (!isRecordId(opts.releaseId)) throw notFound("Press release not found.");
  const release = await db.pressRelease.findFirst({
    where: { id: opts.releaseId, deletedAt: null },
    select: {
      id: true,
      title: true,
      portal: true,
      language: true,
      companyId: true,
      publishedAt: true,
      publishedEverAt: true,
      hits: true,
      categoryId: true,
      company: { select: { slug: true } },
    },
  });
  if (!release) throw notFound("Press release not found.");
  const publishedAt = release.publishedEverAt ? (release.publishedAt ?? release.publishedEverAt) : null;
  const days = viewDays(publishedAt, now);
  // One query after another: the embedded database has one connection.
  const dayRows = days
    ? await db.$queryRaw<{ day: string; n: number }[]>`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, count AS n FROM release_daily_counts
        WHERE press_release_id = ${release.id} AND metric = ${VIEW_METRIC} AND day >= ${days.fromDay}::date AND day <= ${days.toDay}::date`
    : [];
  // All-time sums from the monthly rows: twelve a year instead of 365.
  const metricRows = await db.$queryRaw<{ metric: string; n: number }[]>`
    SELECT metric, sum(count)::int AS n FROM release_monthly_counts WHERE press_release_id = ${release.id} GROUP BY metric`;
  const feeds = publishedAt
    ? await loadReleaseFeedReach(
        {
          id: release.id,
          portal: release.portal,
          language: release.language,
          companyId: release.companyId,
          newsroomSlug: release.company.slug,
          categoryId: release.categoryId,
          publishedAt,
        },
        { limit: opts.readerLimit ?? TOP_READERS, now },
      )
    : { readers: [], readerCount: 0, fetches: 0, unnamedFetches: 0 };
  const crawlers = await db.$queryRaw<{ service: string; fetches: number; first: Date; last: Date }[]>`
    SELECT service, count(*)::int AS fetches, min(fetched_at) AS first, max(fetched_at) AS last
    FROM crawler_fetches WHERE press_release_id = ${release.id}
    GROUP BY service ORDER BY count(*) DESC, service`;
  const indexStates = await db.$queryRaw<{ inspector: string | null; state: IndexState; checked_at: Date }[]>`
    SELECT DISTINCT ON (inspector) inspector, state, checked_at FROM press_release_index_checks
    WHERE press_release_id = ${release.id}
    ORDER BY inspector, checked_at DESC, id DESC`;
  const pings = await db.$queryRaw<{ status: IndexNowPingStatus; pings: number; first_created: Date; first_sent: Date | null }[]>`
    SELECT status, count(*)::int AS pings, min(created_at) AS first_created, min(sent_at) AS first_sent
    FROM indexnow_pings WHERE press_release_id = ${release.id}
    GROUP BY status ORDER BY min(created_at)`;
  const timing = await loadReleaseTiming(release.id, publishedAt);
  const starts = await loadSourceStarts();
  const countedAt = await lastAggregationAt();

  const byChannel = new Map<ShareChannel, number>();
  let views = 0;
  let mailClicks = 0;
  for (const m of metricRows) {
    const channel = channelOfMetric(m.metric);
    if (channel) byChannel.set(channel, (byChannel.get(channel) ?? 0) + m.n);
    else if (m.metric === VIEW_METRIC) views = m.n;
    else if (m.metric === MAIL_CLICK_METRIC) mailClicks = m.n;
  }
  const shares = REPORTED_CHANNELS.filter((c) => c !== "unknown" || byChannel.has(c)).map((channel) => ({
    channel,
    count: byChannel.get(channel) ?? 0,
  }));
  return {
    release: {
      id: release.id,
      title: release.title,
      portal: release.portal,
      language: release.language,
      companyId: release.companyId,
      publishedAt,
    },
    days,
    viewsPerDay: days ? perDay(days, dayRows) : [],
    totals: { views, shares: shares.reduce((s, c) => s + c.count, 0), mailClicks },
    hits: release.hits,
    shares,
    feeds,
    crawlers: crawlers.map((c) => ({ service: c.service, fetches: c.fetches, firstFetchAt: c.first, lastFetchAt: c.last })),
    indexStates: indexStates.map((s) => ({ inspector: s.inspector, state: s.state, checkedAt: s.checked_at })),
    indexNow: pings.map((p) => ({ status: p.status, pings: p.pings, firstCreatedAt: p.first_created, firstSentAt: p.first_sent })),
    timing,
    notes: sourceNotes(starts, days?.fromDay ?? berlinDayOf(publishedAt ?? now)),
    countedAt,
  };
}
