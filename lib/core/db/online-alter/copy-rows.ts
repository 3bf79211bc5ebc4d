import { db, type Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { ident } from "./large-tables";
import { isDeadlock, isLockTimeout } from "./lock-retry";

export interface CopyProgress {
  copied: number;
  seen: number;
  lastKey: string;
}

/**
 * Copies the table into the shadow in primary-key order, one short statement per batch. Each
 * batch takes KEY SHARE locks on its source rows: a delete running at the same moment waits for
 * the batch (or the batch for it), so a row deleted while it is read is never revived in the
 * shadow. Rows the mirror trigger wrote already are kept (ON CONFLICT DO NOTHING): the trigger
 * wrote the newer version. The copy ends at the highest key the table held when it started: rows
 * inserted later reach the shadow by the trigger, so steady inserts cannot keep it going.
 *
 * A batch never waits long for a writer: its lock waits end after `lockWaitMs` (below the
 * server's deadlock_timeout of 1 s), and the batch is tried again. A writer whose transaction
 * touches mirror rows out of key order could otherwise close a wait cycle with the batch, and
 * the deadlock detector of the one that waited first (the writer) would end the writer.
 */
export async function copyRows(opts: {
  table: string;
  shadow: string;
  primaryKey: string;
  columns: string[];
  batchSize: number;
  /** Resume after this key (a copy is idempotent, so 0 after a crash is correct too). */
  afterKey?: string;
  /** Longest wait for a row a writer holds before the batch is tried again (default 200 ms). */
  lockWaitMs?: number;
  onBatch?: (p: CopyProgress) => Promise<void> | void;
  /** Runs in each batch's transaction before it writes: throws when the run no longer owns the shadow. */
  guard?: (tx: Tx) => Promise<void>;
}): Promise<CopyProgress> {
  const pk = ident(opts.primaryKey);
  const list = Prisma.join(opts.columns.map(ident), ", ");
  const progress: CopyProgress = { copied: 0, seen: 0, lastKey: opts.afterKey ?? "0" };
  const [top] = await db.$queryRaw<{ key: string | null }[]>`SELECT max(${pk})::text AS key FROM ${ident(opts.table)}`;
  if (!top?.key) return progress;
  const lockWait = `${opts.lockWaitMs ?? 200}ms`;
  for (;;) {
    let row: { last: string | null; seen: number; inserted: number } | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        [row] = await db.$transaction(async (tx) => {
          await tx.$executeRaw`SELECT set_config('lock_timeout', ${lockWait}, true)`;
          await opts.guard?.(tx);
          return tx.$queryRaw<{ last: string | null; seen: number; inserted: number }[]>`
            WITH batch AS (
              SELECT ${list} FROM ${ident(opts.table)} WHERE ${pk} > ${progress.lastKey}::bigint AND ${pk} <= ${top.key}::bigint ORDER BY ${pk} LIMIT ${opts.batchSize} FOR KEY SHARE
            ), ins AS (
              INSERT INTO ${ident(opts.shadow)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM batch ORDER BY ${pk} ON CONFLICT (${pk}) DO NOTHING RETURNING 1
            )
            SELECT (SELECT max(${pk})::text FROM batch) AS last, (SELECT count(*)::int FROM batch) AS seen, (SELECT count(*)::int FROM ins) AS inserted`;
        });
        break;
      } catch (err) {
        // A writer held one of the batch's rows: let it finish, then the batch again.
        if (!(isLockTimeout(err) || isDeadlock(err)) || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, Math.min(50 * attempt, 1_000)));
      }
    }
    if (!row?.last) return progress;
    progress.lastKey = row.last;
    progress.seen += row.seen;
    progress.copied += row.inserted;
    await opts.onBatch?.({ ...progress });
  }
}
