import { db, type Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { driverMessage } from "./lock-retry";
import { ident } from "./large-tables";
import type { ColumnShape } from "./read-table-shape";

const PROBE = "online_alter_probe";

/**
 * Proves the change against the rows the table holds before any writer is touched: the empty
 * shadow accepted the clause, but a shorter type, an added CHECK or a NOT NULL column without a
 * default can still refuse existing rows. Each batch is inserted into a temporary table shaped
 * like the shadow (its defaults, NOT NULL and CHECK constraints; no indexes, no generated
 * columns) and dropped with the transaction. Reads take no row lock. A refused row is a wrong
 * call (validation_failed), as when the database refuses the clause itself.
 */
export async function checkExistingRows(opts: {
  table: string;
  shadow: string;
  primaryKey: string;
  columns: string[];
  shadowColumns: ColumnShape[];
  batchSize: number;
  /** Runs one batch: its own transaction, or the dry run's open one. */
  inTransaction?: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  onBatch?: (checked: number) => Promise<void> | void;
}): Promise<number> {
  const run = opts.inTransaction ?? (<T>(fn: (tx: Tx) => Promise<T>) => db.$transaction(fn, { timeout: 300_000, maxWait: 30_000 }));
  const pk = ident(opts.primaryKey);
  const list = Prisma.join(opts.columns.map(ident), ", ");
  const generated = opts.shadowColumns.filter((c) => c.generated).map((c) => c.name);
  let lastKey = "0";
  let checked = 0;
  for (;;) {
    const row = await run(async (tx) => {
      await tx.$executeRaw`DROP TABLE IF EXISTS pg_temp.${ident(PROBE)}`;
      await tx.$executeRaw`CREATE TEMPORARY TABLE ${ident(PROBE)} (LIKE ${ident(opts.shadow)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS) ON COMMIT DROP`;
      for (const g of generated) await tx.$executeRaw`ALTER TABLE pg_temp.${ident(PROBE)} DROP COLUMN ${ident(g)}`;
      try {
        const [r] = await tx.$queryRaw<{ last: string | null; seen: number }[]>`
          WITH batch AS (SELECT ${list} FROM ${ident(opts.table)} WHERE ${pk} > ${lastKey}::bigint ORDER BY ${pk} LIMIT ${opts.batchSize}),
          ins AS (INSERT INTO pg_temp.${ident(PROBE)} (${list}) SELECT ${list} FROM batch RETURNING 1)
          SELECT (SELECT max(${pk})::text FROM batch) AS last, (SELECT count(*)::int FROM ins) AS seen`;
        await tx.$executeRaw`DROP TABLE pg_temp.${ident(PROBE)}`;
        return r;
      } catch (err) {
        throw new AppError(
          "validation_failed",
          `Rows ${opts.table} holds now (keys above ${lastKey}) break the change: ${driverMessage(err)}. Nothing was changed.`,
        );
      }
    });
    if (!row?.last) return checked;
    lastKey = row.last;
    checked += row.seen;
    await opts.onBatch?.(checked);
  }
}
