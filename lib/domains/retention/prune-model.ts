import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { PRUNABLE_RECORDS, type PrunableRecord } from "./prunable";

const DAY_MS = 86_400_000;
/** Rows per DELETE: each statement holds its row locks only briefly, so writers never wait long. */
export const PRUNE_BATCH_SIZE = 5_000;

export interface PrunedTable {
  table: string;
  retentionDays: number;
  cutoff: Date;
  /** Rows deleted, or on a dry run the rows that would be. */
  rows: number;
}

function condition(record: PrunableRecord, cutoff: Date): Prisma.Sql {
  const age = Prisma.sql`${Prisma.raw(record.timeColumn)} < ${cutoff}`;
  return record.where ? Prisma.sql`${record.where} AND ${age}` : age;
}

async function pruneTable(record: PrunableRecord, cutoff: Date, opts: { dryRun: boolean; batchSize: number }): Promise<number> {
  const table = Prisma.raw(record.table);
  if (opts.dryRun) {
    const [row] = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM ${table} WHERE ${condition(record, cutoff)}`;
    return Number(row?.n ?? 0);
  }
  let total = 0;
  for (;;) {
    // Each batch is its own statement (autocommit): a big backlog never holds one long lock.
    const deleted = await db.$executeRaw`
      DELETE FROM ${table} WHERE id IN (
        SELECT id FROM ${table} WHERE ${condition(record, cutoff)} LIMIT ${opts.batchSize})`;
    total += deleted;
    if (deleted < opts.batchSize) return total;
  }
}

/**
 * model:prune (daily 04:05, spec 4.7): deletes every record of PRUNABLE_RECORDS older than its
 * retention, table by table in batches. A dry run counts instead.
 */
export async function pruneModel(
  opts: { dryRun?: boolean; now?: Date; batchSize?: number; records?: readonly PrunableRecord[] } = {},
): Promise<PrunedTable[]> {
  const now = opts.now ?? new Date();
  const result: PrunedTable[] = [];
  for (const record of opts.records ?? PRUNABLE_RECORDS) {
    const cutoff = new Date(now.getTime() - record.retentionDays * DAY_MS);
    const rows = await pruneTable(record, cutoff, { dryRun: !!opts.dryRun, batchSize: opts.batchSize ?? PRUNE_BATCH_SIZE });
    result.push({ table: record.table, retentionDays: record.retentionDays, cutoff, rows });
  }
  return result;
}
