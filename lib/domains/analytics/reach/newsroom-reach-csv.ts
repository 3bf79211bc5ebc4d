import { notFound } from "@/lib/core/errors/errors";
import { assertNewsroomViewable } from "./reach-access";
import { reachTableOf, type ScopeReachTable } from "./reach-csv";
import { scopeReachCsv } from "./scope-reach-csv";

/** The newsroom report's downloads: its months and its releases. */
export const NEWSROOM_REACH_TABLES = ["monate", "pressemitteilungen"] as const satisfies readonly ScopeReachTable[];

/**
 * One table of a newsroom's reach as CSV, for whoever may see the newsroom in the dashboard.
 * Another newsroom and an unknown table are both not found.
 */
export async function newsroomReachCsv(opts: { userId: number; companyId: number; table: string; now?: Date }): Promise<string> {
  await assertNewsroomViewable(opts.userId, opts.companyId);
  const table = reachTableOf(NEWSROOM_REACH_TABLES, opts.table);
  if (!table) throw notFound("No such table in the reach report.");
  return scopeReachCsv({ companyId: opts.companyId }, table, opts.now);
}
