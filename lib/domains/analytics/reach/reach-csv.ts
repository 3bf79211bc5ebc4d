import { formatBerlin } from "@/lib/core/time/berlin-time";
import { toCsv } from "@/lib/domains/reports/submitter-export";
import { CHANNEL_LABELS, crawlerLabel, INDEX_STATE_LABELS, INDEXNOW_STATUS_LABELS, inspectorLabel, readerLabel } from "./labels";
import type { NewsroomReachRow } from "./portal-reach";
import type { MonthReach, ReleaseReachRow } from "./reach-of-releases";
import type { ReleaseReach } from "./release-reach";

// Every table of the reach report as a CSV download, with the page's German headings: the
// admin reports' CSV rules (semicolons, byte-order mark, every cell quoted, formula cells
// defused; lib/domains/reports/submitter-export.ts). Days as YYYY-MM-DD and months as YYYY-MM,
// so a spreadsheet sorts them; times in German time.

export const RELEASE_REACH_TABLES = ["aufrufe", "teilungen", "feedreader", "crawler", "indexstatus", "indexnow"] as const;
export type ReleaseReachTable = (typeof RELEASE_REACH_TABLES)[number];

export const SCOPE_REACH_TABLES = ["monate", "pressemitteilungen", "newsrooms"] as const;
export type ScopeReachTable = (typeof SCOPE_REACH_TABLES)[number];

/** The table a URL segment names, or null: an unknown name answers 404. */
export function reachTableOf<T extends string>(tables: readonly T[], raw: unknown): T | null {
  return typeof raw === "string" && (tables as readonly string[]).includes(raw) ? (raw as T) : null;
}

const time = (d: Date | null) => (d ? formatBerlin(d) : "");

export function releaseReachCsv(reach: ReleaseReach, table: ReleaseReachTable): string {
  switch (table) {
    case "aufrufe":
      return toCsv(
        ["Tag", "Aufrufe"],
        reach.viewsPerDay.map((d) => [d.day, d.count]),
      );
    case "teilungen":
      return toCsv(
        ["Kanal", "Teilungen"],
        reach.shares.map((s) => [CHANNEL_LABELS[s.channel], s.count]),
      );
    case "feedreader":
      return toCsv(
        ["Feedreader", "Abrufe", "Größte gemeldete Abonnentenzahl", "Erster Abruf"],
        reach.feeds.readers.map((r) => [readerLabel(r.reader), r.fetches, r.largestSubscribers, time(r.firstFetchAt)]),
      );
    case "crawler":
      return toCsv(
        ["Crawler", "Abrufe", "Erster Abruf", "Letzter Abruf"],
        reach.crawlers.map((c) => [crawlerLabel(c.service), c.fetches, time(c.firstFetchAt), time(c.lastFetchAt)]),
      );
    case "indexstatus":
      return toCsv(
        ["Geprüft durch", "Indexstatus", "Geprüft am"],
        reach.indexStates.map((s) => [inspectorLabel(s.inspector), INDEX_STATE_LABELS[s.state], time(s.checkedAt)]),
      );
    case "indexnow":
      return toCsv(
        ["Status", "Meldungen", "Erste Meldung vermerkt", "Zuerst gesendet"],
        reach.indexNow.map((p) => [INDEXNOW_STATUS_LABELS[p.status], p.pings, time(p.firstCreatedAt), time(p.firstSentAt)]),
      );
  }
}

export function monthsCsv(months: MonthReach[]): string {
  return toCsv(
    ["Monat", "Aufrufe", "Teilungen", "E-Mail-Klicks", "Veröffentlichungen"],
    months.map((m) => [m.month, m.views, m.shares, m.mailClicks, m.publications]),
  );
}

/** With `withNewsroom`, a column naming each release's newsroom (the portal-wide list). */
export function releaseRowsCsv(rows: ReleaseReachRow[], opts: { withNewsroom?: boolean } = {}): string {
  return toCsv(
    [
      "Nr.",
      "Pressemitteilung",
      ...(opts.withNewsroom ? ["Newsroom"] : []),
      "Veröffentlicht",
      "Aufrufe",
      "Teilungen",
      "E-Mail-Klicks",
      "Erster Crawler-Abruf",
    ],
    rows.map((r) => [
      r.id,
      r.title,
      ...(opts.withNewsroom ? [r.companyName] : []),
      time(r.publishedAt),
      r.views,
      r.shares,
      r.mailClicks,
      time(r.firstCrawlerFetchAt),
    ]),
  );
}

export function newsroomRowsCsv(rows: NewsroomReachRow[]): string {
  return toCsv(
    ["Nr.", "Newsroom", "Pressemitteilungen", "Aufrufe", "Teilungen", "E-Mail-Klicks"],
    rows.map((n) => [n.id, n.name, n.releases, n.views, n.shares, n.mailClicks]),
  );
}
