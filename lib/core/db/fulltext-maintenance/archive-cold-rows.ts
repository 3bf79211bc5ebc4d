import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { ident, largeTableOrThrow } from "@/lib/core/db/online-alter/large-tables";
import { AppError } from "@/lib/core/errors/errors";
import { ACTIVITY_ARCHIVE_TABLE, ensureActivityArchive } from "./archive-table";

export interface ArchiveResult {
  archiveTable: string;
  /** Rows older than the day (counted before moving; a dry run counts only). */
  candidates: number;
  moved: number;
  batches: number;
  createdArchive: boolean;
}

/**
 * fulltext:archive: moves activity log rows older than `before` into activity_log_archive (no
 * tsvector, no GIN index), a batch per transaction. Each batch is one statement, DELETE ...
 * RETURNING feeding the INSERT, so a row is never in both tables nor in neither. The log is
 * insert-only; the move opens it for its own transaction only (prisma/sql/insert-only.sql).
 * The search mirror is refused: it mirrors the releases, nothing in it is cold.
 */
export async function archiveColdRows(opts: {
  table: string;
  before: Date;
  batchSize?: number;
  dryRun?: boolean;
  onBatch?: (moved: number) => void;
}): Promise<ArchiveResult> {
  const table = largeTableOrThrow(opts.table);
  if (table === "press_release_search") {
    throw new AppError(
      "validation_failed",
      "press_release_search is the search mirror of the releases: every row belongs to a release, none is cold. Rows of deleted releases are removed by fulltext:sweep press_release_search.",
    );
  }
  const batchSize = opts.batchSize ?? 5_000;
  const [{ n: candidates }] = (await db.$queryRaw<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM activity_log WHERE created_at < ${opts.before}`) as [{ n: number }];
  if (opts.dryRun) return { archiveTable: ACTIVITY_ARCHIVE_TABLE, candidates, moved: 0, batches: 0, createdArchive: false };

  const { created, columns } = await db.$transaction((tx) => ensureActivityArchive(tx));
  const list = Prisma.join(columns.map(ident), ", ");
  let moved = 0;
  let batches = 0;
  for (;;) {
    const n = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('app.allow_activity_archive', ${opts.before.toISOString()}, true)`;
      // SKIP LOCKED: a second run at once takes other rows instead of waiting on these.
      return tx.$executeRaw`
        WITH moved AS (
          DELETE FROM activity_log WHERE id IN (
            SELECT id FROM activity_log WHERE created_at < ${opts.before} ORDER BY created_at, id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED
          ) RETURNING ${list}
        )
        INSERT INTO ${ident(ACTIVITY_ARCHIVE_TABLE)} (${list}) SELECT ${list} FROM moved`;
    });
    if (n === 0) break;
    moved += n;
    batches++;
    opts.onBatch?.(moved);
  }
  return { archiveTable: ACTIVITY_ARCHIVE_TABLE, candidates, moved, batches, createdArchive: created };
}
