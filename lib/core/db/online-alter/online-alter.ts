import { db, type DbOrTx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { checkExistingRows } from "./check-existing-rows";
import { copyRows } from "./copy-rows";
import { ident, largeTableOrThrow, mirrorTriggerName, shadowName, stampOf, type LargeFulltextTable } from "./large-tables";
import { driverMessage, isLockTimeout, sqlStateOf, withLockTimeout, type LockRetry } from "./lock-retry";
import { dropMirrorFunction, installMirror } from "./mirror-trigger";
import { parseAlterClause } from "./parse-alter-clause";
import { copiedColumns, readTableShape, type TableShape } from "./read-table-shape";
import { claimRun, ensureRunTables, holdsTable, mirrorFailure, releaseRun, startHeartbeat, type RunRow } from "./run-state";
import { createShadow, findLeftovers, removeLeftovers, type ShadowMarker } from "./shadow-table";
import { swapTables, validateReferences, type SwapTiming } from "./swap-tables";

export interface OnlineAlterOptions {
  table: string;
  clause: string;
  batchSize?: number;
  lockTimeoutMs?: number;
  /** Tries of each step that needs the table's lock (the swap above all). */
  lockAttempts?: number;
  dryRun?: boolean;
  /** Remove what a crashed run left (shadow, mirror trigger) before starting. */
  cleanStale?: boolean;
  /** How often the run writes its heartbeat (15 s). */
  heartbeatMs?: number;
  onLine?: (line: string) => void;
}

export interface OnlineAlterResult {
  outcome: "dry-run" | "swapped" | "gave-up";
  table: LargeFulltextTable;
  clause: string;
  columns: string[];
  rows: number;
  copyMs: number;
  swap?: SwapTiming;
  totalMs: number;
  /** What could not be removed after giving up. */
  leftovers?: string[];
}

class DryRunRollback extends Error {}

interface Run {
  table: LargeFulltextTable;
  clause: string;
  runId: string;
  batchSize: number;
  retry: LockRetry;
  log: (line: string) => void;
  /** Throws when the run must stop: another run took the table, or a write was not mirrored. */
  check: (client?: DbOrTx) => Promise<void>;
}

/**
 * db:online-alter: changes a large full-text table without holding its lock for longer than a
 * rename. The run holds the table (online_alter_runs) throughout. The change is proven on the
 * existing rows, then a shadow with the change gets writes mirrored by a trigger, the rows are
 * copied in key batches, and the shadow is swapped in in one short transaction; the table before
 * is kept as <table>_old_<stamp> (the way back) until dropOldTables. A swap whose lock is not
 * granted gives up: the table as it was, no shadow.
 */
export async function onlineAlter(opts: OnlineAlterOptions): Promise<OnlineAlterResult> {
  const started = performance.now();
  const log = opts.onLine ?? (() => {});
  const table = largeTableOrThrow(opts.table);
  const clause = parseAlterClause(opts.clause).sql;
  const retry: LockRetry = {
    lockTimeoutMs: opts.lockTimeoutMs ?? 2_000,
    attempts: opts.lockAttempts ?? 5,
    onRetry: (n) => log(`  lock not granted within ${opts.lockTimeoutMs ?? 2_000} ms (try ${n}), trying again`),
  };
  await ensureRunTables();
  const { runId, replaced } = await claimRun(table, clause, opts.cleanStale === true);
  const heartbeat = startHeartbeat(table, runId, opts.heartbeatMs);
  const check = async (client: DbOrTx = db) => {
    if (heartbeat.lost() || !(await holdsTable(client, table, runId))) {
      throw new AppError(
        "conflict",
        `Another db:online-alter run took ${table} over (this run was taken for stale); this run stops and leaves that run's objects alone.`,
      );
    }
    const failed = await mirrorFailure(client, runId);
    if (failed)
      throw new AppError(
        "conflict",
        `A write to ${table} could not be repeated on the shadow (${failed.sqlstate}: ${failed.message}); the writer went on, this run stops before the swap. ${table} is unchanged.`,
      );
  };
  try {
    const run: Run = { table, clause, runId, batchSize: opts.batchSize ?? 5_000, retry, log, check };
    await clearLeftovers(run, replaced, opts.cleanStale === true);
    return await runClaimed(run, opts.dryRun === true, started);
  } finally {
    heartbeat.stop();
    await releaseRun(table, runId);
  }
}

async function runClaimed(run: Run, dryRun: boolean, started: number): Promise<OnlineAlterResult> {
  const { table, clause, runId, batchSize, retry, log } = run;
  const original = await readTableShape(db, table, [mirrorTriggerName(table)]);
  if (original.dependentViews.length)
    throw new AppError(
      "conflict",
      `Views read ${table} (${original.dependentViews.join(", ")}): after a swap they would read the old table. Drop or recreate them around the change.`,
    );
  const base = { table, clause, rows: 0, copyMs: 0 };
  const marker: ShadowMarker = { runId, clause, startedAt: new Date().toISOString() };

  if (dryRun) {
    const { columns, checked } = await dryRunOn(run, original, marker);
    log(`dry run: ALTER TABLE ${shadowName(table)} ${clause} is accepted, also by the ${checked} rows ${table} holds; nothing was changed`);
    log(`  about ${original.rowEstimate} rows to copy in batches of ${batchSize}; columns copied: ${columns.join(", ")}`);
    log(
      `  carried over: ${original.foreignKeys.length} foreign keys, ${original.referencedBy.length} pointing in, ${original.triggers.length} triggers, ${original.ownedSequences.length} sequences, ${original.indexes.length} indexes`,
    );
    return { ...base, outcome: "dry-run", columns, totalMs: Math.round(performance.now() - started) };
  }

  const shadowColumns = await db.$transaction((tx) => createShadow(tx, table, original, clause, marker));
  const columns = copiedColumns(original.columns, shadowColumns);
  log(`shadow ${shadowName(table)} created with the change; copying ${columns.length} columns`);
  try {
    const shape = { table, shadow: shadowName(table), primaryKey: original.primaryKey, columns };
    const checked = await checkExistingRows({
      ...shape,
      shadowColumns,
      batchSize: Math.min(batchSize * 4, 50_000),
      onBatch: () => run.check(),
    });
    log(`the ${checked} rows ${table} holds accept the change`);
    await withLockTimeout(retry, async (tx) => {
      await run.check(tx);
      await installMirror(tx, table, original.primaryKey, columns, runId);
    });
    const copyStarted = performance.now();
    let lastLine = copyStarted;
    const copied = await copyRows({
      ...shape,
      batchSize,
      guard: (tx) => run.check(tx),
      onBatch: (p) => {
        if (performance.now() - lastLine < 30_000) return;
        lastLine = performance.now();
        log(`  ${p.seen} rows copied (up to key ${p.lastKey})`);
      },
    });
    const copyMs = Math.round(performance.now() - copyStarted);
    log(`copied ${copied.seen} rows in ${copyMs} ms (up to the highest key at the start; later rows came by the trigger)`);
    await addForeignKeys(
      run,
      original,
      shadowColumns.map((c) => c.name),
    );
    await db.$executeRaw`ANALYZE ${ident(shadowName(table))}`;
    let swap: SwapTiming;
    try {
      swap = await swapTables({
        table,
        shadow: shadowName(table),
        original,
        stamp: stampOf(new Date()),
        guard: (tx) => run.check(tx),
        ...retry,
      });
    } catch (err) {
      if (!isLockTimeout(err)) throw err;
      const leftovers = (await removeLeftovers(table, runId, retry)) ?? [];
      log(
        `gave up: the lock on ${table} was not granted in ${retry.attempts} tries of ${retry.lockTimeoutMs} ms; ${table} is unchanged, the shadow is ${leftovers.some((l) => l.startsWith("table")) ? "still there" : "dropped"}`,
      );
      for (const l of leftovers) log(`  left: ${l}; run again with --clean-stale when the lock is free`);
      return {
        ...base,
        outcome: "gave-up",
        columns,
        rows: copied.seen,
        copyMs,
        leftovers,
        totalMs: Math.round(performance.now() - started),
      };
    }
    await validateReferences(db, original);
    await dropMirrorFunction(db, table);
    return { ...base, outcome: "swapped", columns, rows: copied.seen, copyMs, swap, totalMs: Math.round(performance.now() - started) };
  } catch (err) {
    // A failed step leaves the table as it was: the mirror stops, the shadow goes (only this run's).
    await removeLeftovers(table, runId, retry).catch(() => undefined);
    throw await explained(run, err);
  }
}

/** A row refused by the shadow during the copy is the data's answer to the change, not a fault. */
async function explained(run: Run, err: unknown): Promise<unknown> {
  if (err instanceof AppError) return err;
  const failed = await run.check().then(
    () => null,
    (e: unknown) => e,
  );
  if (failed instanceof AppError) return failed;
  const code = sqlStateOf(err);
  if (code?.startsWith("22") || code?.startsWith("23")) {
    return new AppError(
      "conflict",
      `A row written to ${run.table} during the run breaks the change (${code}: ${driverMessage(err)}); ${run.table} is unchanged.`,
    );
  }
  return err;
}

/** What a run before left: refused without --clean-stale, else removed (the table is this run's now). */
async function clearLeftovers(run: Run, replaced: RunRow | null, cleanStale: boolean) {
  const { table, runId, retry, log } = run;
  const left = await findLeftovers(db, table);
  if (!left) return;
  const what =
    [left.shadow && `the table ${shadowName(table)}`, left.trigger && `the trigger ${mirrorTriggerName(table)}`]
      .filter(Boolean)
      .join(" and ") || "the mirror function";
  const stopped = replaced ?? left.marker;
  const since = stopped ? ` (run started ${new Date(stopped.startedAt).toISOString()})` : "";
  if (!cleanStale) throw new AppError("conflict", `An earlier run left ${what}${since}. Run again with --clean-stale to remove it first.`);
  const still = await removeLeftovers(table, runId, retry);
  if (still === null) throw new AppError("conflict", `Another db:online-alter run took ${table} meanwhile.`);
  if (still.length) throw new AppError("conflict", `Could not remove ${still.join(", ")}: the table's lock was not granted.`);
  log(`removed what an earlier run left: ${what}`);
}

/** The clause applied to a shadow and proven on the rows, in a transaction that is rolled back. */
async function dryRunOn(run: Run, original: TableShape, marker: ShadowMarker): Promise<{ columns: string[]; checked: number }> {
  let result = { columns: [] as string[], checked: 0 };
  await db
    .$transaction(
      async (tx) => {
        const shadowColumns = await createShadow(tx, run.table, original, run.clause, marker);
        const columns = copiedColumns(original.columns, shadowColumns);
        const shape = { table: run.table, shadow: shadowName(run.table), primaryKey: original.primaryKey, columns, shadowColumns };
        const checked = await checkExistingRows({
          ...shape,
          batchSize: Math.min(run.batchSize * 4, 50_000),
          inTransaction: (fn) => fn(tx),
        });
        result = { columns, checked };
        throw new DryRunRollback();
      },
      { timeout: 3_600_000, maxWait: 30_000 },
    )
    .catch((err: unknown) => {
      if (!(err instanceof DryRunRollback)) throw err;
    });
  return result;
}

/**
 * Foreign keys from the table, added to the full shadow NOT VALID (a short lock) and then
 * validated (a scan that blocks no writer), so the swapped table carries them valid. The table a
 * key points to is locked before the shadow: writers take them in that order (a release's delete
 * cascades into the mirror, whose trigger writes the shadow), and the other order deadlocked.
 */
async function addForeignKeys(run: Run, original: TableShape, shadowColumns: string[]) {
  const shadow = ident(shadowName(run.table));
  const present = new Set(shadowColumns);
  const existing = new Set(
    (
      await db.$queryRaw<{ name: string }[]>`SELECT conname AS name FROM pg_constraint WHERE conrelid = ${shadowName(run.table)}::regclass`
    ).map((r) => r.name),
  );
  for (const fk of original.foreignKeys) {
    if (existing.has(fk.name) || !fk.columns.every((c) => present.has(c))) continue;
    const def = fk.def.replace(/\s+NOT VALID$/, "");
    await withLockTimeout(run.retry, async (tx) => {
      await run.check(tx);
      await tx.$executeRaw`LOCK TABLE ${Prisma.raw(fk.references)} IN SHARE ROW EXCLUSIVE MODE`;
      await tx.$executeRaw`LOCK TABLE ${shadow} IN SHARE ROW EXCLUSIVE MODE`;
      await tx.$executeRaw`ALTER TABLE ${shadow} ADD CONSTRAINT ${ident(fk.name)} ${Prisma.raw(def)} NOT VALID`;
    });
    await db.$executeRaw`ALTER TABLE ${shadow} VALIDATE CONSTRAINT ${ident(fk.name)}`;
  }
}

/** `--drop-old`: removes the tables earlier swaps kept as the way back. */
export async function dropOldTables(opts: { table: string; lockTimeoutMs?: number; dryRun?: boolean }): Promise<string[]> {
  const table = largeTableOrThrow(opts.table);
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace AND relname ~ ${`^${table}_old_[0-9]{14}$`} ORDER BY relname`;
  if (opts.dryRun) return rows.map((r) => r.name);
  for (const { name } of rows) {
    await withLockTimeout({ lockTimeoutMs: opts.lockTimeoutMs ?? 2_000, attempts: 5 }, (tx) => tx.$executeRaw`DROP TABLE ${ident(name)}`);
  }
  return rows.map((r) => r.name);
}
