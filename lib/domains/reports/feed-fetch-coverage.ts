import { getConfig } from "@/lib/core/config";
import { berlinDayOf, germanDay, type ReportRange } from "./report-range";

/**
 * FEED_FETCHES_RECORDED_SINCE (spec 8; the fetch log of spec 2.6): the Berlin day from which feed
 * fetches are logged completely. An installation that began logging later, or took over an older
 * archive, holds only part of the fetches of the days before; their figures are incomplete.
 * Unset: every stored day counts as complete.
 */
export interface FeedFetchCoverage {
  /** First complete day, YYYY-MM-DD; null when every day is complete. */
  completeFrom: string | null;
  /** Some day of the range lies before `completeFrom`: the range's feed figures are incomplete. */
  rangeIncomplete: boolean;
}

export function feedFetchCoverage(
  range: Pick<ReportRange, "fromDay">,
  recordedSince: Date | undefined = getConfig().feeds.fetchesRecordedSince,
): FeedFetchCoverage {
  const completeFrom = recordedSince ? berlinDayOf(recordedSince) : null;
  return { completeFrom, rangeIncomplete: completeFrom !== null && range.fromDay < completeFrom };
}

/** Whether a day's feed figures are complete. */
export function isCompleteFeedDay(coverage: FeedFetchCoverage, day: string): boolean {
  return coverage.completeFrom === null || day >= coverage.completeFrom;
}

/** The note a report shows above incomplete feed figures (German, as every admin screen). */
export function incompleteFeedNote(coverage: FeedFetchCoverage): string | null {
  if (!coverage.rangeIncomplete || !coverage.completeFrom) return null;
  return `Feed-Abrufe werden erst seit dem ${germanDay(coverage.completeFrom)} vollständig erfasst. Zahlen für Tage davor sind unvollständig: Summen, Abonnenten und Feedreader dieses Zeitraums zeigen weniger, als tatsächlich abgerufen wurde.`;
}
