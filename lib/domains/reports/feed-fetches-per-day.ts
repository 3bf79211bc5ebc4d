import { db } from "@/lib/core/db/client";
import { perDay, type DayCount } from "./activity-per-day";
import { feedFetchCoverage, isCompleteFeedDay } from "./feed-fetch-coverage";
import type { ReportRange } from "./report-range";

/** One day of the feed log: its fetches, and whether the log was complete that day (FEED_FETCHES_RECORDED_SINCE). */
export type FeedFetchDay = DayCount & { complete: boolean };

/**
 * Feed fetches per Berlin day of the range, every day listed (0 when none): one query over the
 * feed log. The indexing report's chart and its CSV download both read it; the download needs
 * nothing else of the report.
 */
export async function loadFeedFetchesPerDay(range: ReportRange): Promise<FeedFetchDay[]> {
  const rows = await db.$queryRaw<{ day: string; n: number }[]>`
    SELECT to_char(fetched_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS day, count(*)::int AS n
    FROM feed_fetches WHERE fetched_at >= ${range.from} AND fetched_at < ${range.to} GROUP BY 1`;
  const coverage = feedFetchCoverage(range);
  return perDay(range, rows).map((d) => ({ ...d, complete: isCompleteFeedDay(coverage, d.day) }));
}
