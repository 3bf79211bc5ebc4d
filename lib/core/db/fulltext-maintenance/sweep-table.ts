import { db } from "@/lib/core/db/client";
import { ident, largeTableOrThrow, type LargeFulltextTable } from "@/lib/core/db/online-alter/large-tables";
import { readTableSizes, type TableSizes } from "./table-sizes";

export interface SweepResult {
  table: LargeFulltextTable;
  /** Rows that should not be there, found before the sweep. */
  candidates: number;
  removed: number;
  batches: number;
  before: TableSizes;
  /** After VACUUM (ANALYZE); absent on a dry run. */
  after?: TableSizes;
}

/** Mirror rows of releases that are gone or deleted: no search shows them, they only take room. */
async function strayMirrorIds(limit: number): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT s.press_release_id AS id FROM press_release_search s LEFT JOIN press_releases r ON r.id = s.press_release_id
    WHERE r.id IS NULL OR r.deleted_at IS NOT NULL ORDER BY s.press_release_id LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

async function countStrayMirrorRows(): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM press_release_search s LEFT JOIN press_releases r ON r.id = s.press_release_id WHERE r.id IS NULL OR r.deleted_at IS NOT NULL`;
  return row!.n;
}

/**
 * fulltext:sweep: removes rows that should not be there in small batches with a pause between
 * them (the search mirror: rows of deleted or vanished releases; the activity log is insert-only
 * and loses rows only to fulltext:archive, so nothing), then VACUUM (ANALYZE) so the space of
 * dead rows and index entries is reused, and reports sizes before and after.
 */
export async function sweepFulltextTable(opts: {
  table: string;
  batchSize?: number;
  pauseMs?: number;
  dryRun?: boolean;
  onBatch?: (removed: number) => void;
}): Promise<SweepResult> {
  const table = largeTableOrThrow(opts.table);
  const batchSize = opts.batchSize ?? 5_000;
  const before = await readTableSizes(db, table);
  const candidates = table === "press_release_search" ? await countStrayMirrorRows() : 0;
  if (opts.dryRun) return { table, candidates, removed: 0, batches: 0, before };
  let removed = 0;
  let batches = 0;
  while (table === "press_release_search") {
    const ids = await strayMirrorIds(batchSize);
    if (!ids.length) break;
    removed += await db.$transaction(async (tx) => {
      // Lock the releases, then read them again: a release sync racing the sweep keeps its row.
      const locked = await tx.$queryRaw<
        { id: number; live: boolean }[]
      >`SELECT id, deleted_at IS NULL AS live FROM press_releases WHERE id = ANY (${ids}::int[]) FOR SHARE`;
      const keep = new Set(locked.filter((r) => r.live).map((r) => r.id));
      const stray = ids.filter((id) => !keep.has(id));
      return stray.length ? tx.$executeRaw`DELETE FROM press_release_search WHERE press_release_id = ANY (${stray}::int[])` : 0;
    });
    batches++;
    opts.onBatch?.(removed);
    if (ids.length < batchSize) break;
    await new Promise((r) => setTimeout(r, opts.pauseMs ?? 200));
  }
  // VACUUM cannot run in a transaction: sent on its own.
  await db.$executeRaw`VACUUM (ANALYZE) ${ident(table)}`;
  return { table, candidates, removed, batches, before, after: await readTableSizes(db, table) };
}
