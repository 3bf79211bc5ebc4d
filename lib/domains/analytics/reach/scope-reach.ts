import { lastAggregationAt } from "../aggregate-views";
import { lastMonths } from "./reach-window";
import {
  countReleases,
  loadMonthlyReach,
  loadReleasePage,
  type MonthReach,
  type ReachScope,
  type ReleaseReachRow,
} from "./reach-of-releases";
import { loadSourceStarts, sourceNotes, type SourceNote } from "./recorded-since";

// What the newsroom report and the admin's portal report show of a set of releases: the last
// twelve months, the all-time totals and one page of the releases by views.

export const REACH_PAGE_SIZE = 25;

export interface ScopeReach {
  months: MonthReach[];
  totals: { releases: number; views: number; shares: number; mailClicks: number };
  releases: { rows: ReleaseReachRow[]; page: number; pageCount: number };
  /** From when views, shares, mail clicks and crawler fetches are recorded. */
  notes: SourceNote[];
  countedAt: Date | null;
}

/**
 * `page` from 1; a page past the last shows the last (the caller says so when it asked for
 * another). Queries run one after another: the embedded database has one connection.
 */
export async function loadScopeReach(scope: ReachScope, opts: { page: number; now?: Date }): Promise<ScopeReach> {
  const months = lastMonths(opts.now ?? new Date());
  const monthly = await loadMonthlyReach(scope, months);
  const releases = await countReleases(scope);
  const pageCount = Math.max(1, Math.ceil(releases / REACH_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(opts.page) || 1), pageCount);
  const ranked = await loadReleasePage(scope, { limit: REACH_PAGE_SIZE, offset: (page - 1) * REACH_PAGE_SIZE });
  const starts = await loadSourceStarts();
  return {
    months: monthly,
    totals: { releases, ...ranked.totals },
    releases: { rows: ranked.rows, page, pageCount },
    notes: sourceNotes(starts, `${months[0]}-01`).filter((n) => n.source === "events" || n.source === "crawlers"),
    countedAt: await lastAggregationAt(),
  };
}
