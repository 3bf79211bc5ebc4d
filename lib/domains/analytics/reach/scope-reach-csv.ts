import { loadTopNewsrooms } from "./portal-reach";
import { monthsCsv, newsroomRowsCsv, releaseRowsCsv, type ScopeReachTable } from "./reach-csv";
import { loadMonthlyReach, loadReleasePage, type ReachScope } from "./reach-of-releases";
import { lastMonths } from "./reach-window";

/** A download lists at most this many releases, most views first: a whole portal may hold far more. */
export const CSV_MAX_RELEASES = 10_000;

/**
 * One table of a newsroom's or a portal's reach as CSV: the months as the page shows them, all
 * releases (not one page of them), or the portal's newsrooms. Reads only what the table needs.
 */
export async function scopeReachCsv(scope: ReachScope, table: ScopeReachTable, now = new Date()): Promise<string> {
  switch (table) {
    case "monate":
      return monthsCsv(await loadMonthlyReach(scope, lastMonths(now)));
    case "pressemitteilungen":
      return releaseRowsCsv((await loadReleasePage(scope, { limit: CSV_MAX_RELEASES, offset: 0 })).rows, {
        withNewsroom: scope.companyId === undefined,
      });
    case "newsrooms":
      return newsroomRowsCsv(scope.portal ? await loadTopNewsrooms(scope.portal) : []);
  }
}
