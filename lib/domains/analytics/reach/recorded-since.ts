import { db } from "@/lib/core/db/client";
import { feedFetchCoverage, incompleteFeedNote } from "@/lib/domains/reports/feed-fetch-coverage";
import { berlinDayOf, germanDay } from "@/lib/domains/reports/report-range";
import { EVENT_RETENTION_DAYS } from "../aggregate-views";

// From when each source of the reach report holds its rows, so a figure of zero for a day
// before it is not read as "nobody". Each is the time of the source's first row by id (its
// primary key: one index probe, whatever the table's size), except the feed log, whose complete
// days FEED_FETCHES_RECORDED_SINCE names (lib/domains/reports/feed-fetch-coverage.ts).

export type ReachSource = "events" | "feeds" | "crawlers" | "index" | "indexnow";

export interface ReachSourceStarts {
  /** The oldest event still stored; single events older than EVENT_RETENTION_DAYS are deleted once booked. */
  events: Date | null;
  feeds: Date | null;
  crawlers: Date | null;
  index: Date | null;
  indexnow: Date | null;
}

export async function loadSourceStarts(): Promise<ReachSourceStarts> {
  const [row] = await db.$queryRaw<
    { events: Date | null; feeds: Date | null; crawlers: Date | null; index: Date | null; indexnow: Date | null }[]
  >`
    SELECT (SELECT created_at FROM press_release_events ORDER BY id LIMIT 1) AS events,
           (SELECT fetched_at FROM feed_fetches ORDER BY id LIMIT 1) AS feeds,
           (SELECT fetched_at FROM crawler_fetches ORDER BY id LIMIT 1) AS crawlers,
           (SELECT checked_at FROM press_release_index_checks ORDER BY id LIMIT 1) AS index,
           (SELECT created_at FROM indexnow_pings ORDER BY id LIMIT 1) AS indexnow`;
  return {
    events: row?.events ?? null,
    feeds: row?.feeds ?? null,
    crawlers: row?.crawlers ?? null,
    index: row?.index ?? null,
    indexnow: row?.indexnow ?? null,
  };
}

export interface SourceNote {
  source: ReachSource;
  text: string;
}

const day = (d: Date) => germanDay(berlinDayOf(d));

/**
 * One sentence per source: from when it is recorded, and whether that covers the report's days
 * from `fromDay` (YYYY-MM-DD) on. German, as the customer reads it.
 */
export function sourceNotes(starts: ReachSourceStarts, fromDay: string): SourceNote[] {
  const notes: SourceNote[] = [];
  const events = starts.events;
  notes.push({
    source: "events",
    text: !events
      ? "Aufrufe, Teilungen und E-Mail-Klicks: bisher keine erfasst."
      : berlinDayOf(events) > fromDay
        ? `Aufrufe, Teilungen und E-Mail-Klicks werden erst seit dem ${day(events)} erfasst; für die Tage davor fehlen sie.`
        : `Aufrufe, Teilungen und E-Mail-Klicks sind für den ganzen Zeitraum erfasst. Einzelne Ereignisse werden nach ${EVENT_RETENTION_DAYS} Tagen gelöscht, die Tageszahlen bleiben.`,
  });
  const coverage = feedFetchCoverage({ fromDay });
  notes.push({
    source: "feeds",
    text:
      incompleteFeedNote(coverage) ??
      (coverage.completeFrom
        ? `Feed-Abrufe werden seit dem ${germanDay(coverage.completeFrom)} vollständig erfasst.`
        : starts.feeds
          ? `Feed-Abrufe werden seit dem ${day(starts.feeds)} erfasst.`
          : "Feed-Abrufe: bisher keine erfasst."),
  });
  notes.push({
    source: "crawlers",
    text: starts.crawlers ? `Crawler-Abrufe werden seit dem ${day(starts.crawlers)} erfasst.` : "Crawler-Abrufe: bisher keine erfasst.",
  });
  notes.push({
    source: "index",
    text: starts.index ? `Der Indexstatus wird seit dem ${day(starts.index)} abgefragt.` : "Der Indexstatus wurde bisher nicht abgefragt.",
  });
  notes.push({
    source: "indexnow",
    text: starts.indexnow
      ? `IndexNow-Meldungen werden seit dem ${day(starts.indexnow)} vermerkt.`
      : "IndexNow-Meldungen: bisher keine vermerkt.",
  });
  return notes;
}
