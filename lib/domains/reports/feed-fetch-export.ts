import type { FeedFetchDay } from "./feed-fetches-per-day";
import { toCsv } from "./submitter-export";

// The feed fetches of the indexing report as CSV (spec 4.3): one row per day, with whether the
// fetch log was complete that day (FEED_FETCHES_RECORDED_SINCE), so a spreadsheet summing the
// column knows what it adds up.

export function feedFetchCsv(days: FeedFetchDay[]): string {
  return toCsv(
    ["Tag", "Feed-Abrufe", "Vollständig erfasst"],
    days.map((d) => [d.day, d.count, d.complete ? "ja" : "nein"]),
  );
}
