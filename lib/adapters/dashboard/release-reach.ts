import { getConfig } from "@/lib/core/config";
import { notFound } from "@/lib/core/errors/errors";
import { RELEASE_REACH_TABLES, reachTableOf, releaseReachCsv, type ReleaseReachTable } from "@/lib/domains/analytics/reach/reach-csv";
import { loadReleaseReachForViewer, type ReleaseReach } from "@/lib/domains/analytics/reach/release-reach";

// The customer's view of a release's reach: the "Reichweite" section of the dashboard's release
// page and its CSV downloads. What the customer may not see is left out here: the index state
// only while the search-index block is switched on for customers (spec 8, default off).

export interface ReleaseReachPanelData {
  reach: ReleaseReach;
  showIndexState: boolean;
  /** The downloads the panel offers, each at `${csvBase}/${table}`. */
  tables: ReleaseReachTable[];
  csvBase: string;
}

const indexStateVisible = () => getConfig().releases.searchIndexBlockVisibleToCustomers;

function visibleTables(): ReleaseReachTable[] {
  return RELEASE_REACH_TABLES.filter((t) => t !== "indexstatus" || indexStateVisible());
}

/** Hides the index state (rows and note) unless customers may see it. */
function forCustomer(reach: ReleaseReach): ReleaseReach {
  if (indexStateVisible()) return reach;
  return { ...reach, indexStates: [], notes: reach.notes.filter((n) => n.source !== "index") };
}

/**
 * The panel of a release the user may see; null while it was never published (there is no reach
 * yet). Another newsroom's release is not found.
 */
export async function loadReleaseReachPanel(userId: number, releaseId: number, now = new Date()): Promise<ReleaseReachPanelData | null> {
  const reach = await loadReleaseReachForViewer({ userId, releaseId, now });
  if (!reach.release.publishedAt) return null;
  return {
    reach: forCustomer(reach),
    showIndexState: indexStateVisible(),
    tables: visibleTables(),
    csvBase: `/dashboard/releases/${releaseId}/reichweite`,
  };
}

/** One table of the panel as CSV; an unknown (or hidden) table is not found. */
export async function releaseReachCsvFor(opts: {
  userId: number;
  releaseId: number;
  table: string;
}): Promise<{ body: string; filename: string }> {
  const table = reachTableOf(visibleTables(), opts.table);
  if (!table) throw notFound("No such table in the reach report.");
  // A download lists every feed reader, not only the page's top ten.
  const reach = await loadReleaseReachForViewer({ userId: opts.userId, releaseId: opts.releaseId, readerLimit: 10_000 });
  return { body: releaseReachCsv(forCustomer(reach), table), filename: `reichweite-pressemitteilung-${opts.releaseId}-${table}.csv` };
}
