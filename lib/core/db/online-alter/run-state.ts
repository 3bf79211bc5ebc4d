import { randomUUID } from "node:crypto";
import { db, isTransaction, type DbOrTx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import type { LargeFulltextTable } from "./large-tables";

// One db:online-alter run per table at a time: the run's row in online_alter_runs (the table's
// lock) carries its id and heartbeat. Every step that changes shared objects (the mirror, the
// shadow, the swap) first locks that row and checks the id, so a run taken over as stale never
// touches what the new run built. The mirror trigger records a write it could not repeat on the
// shadow in online_alter_mirror_failures instead of failing the writer; the run then stops before
// the swap. Both tables are created on first use (operational state, like activity_log_archive).

export const RUNS_TABLE = "online_alter_runs";
export const FAILURES_TABLE = "online_alter_mirror_failures";

/** A run that has not beaten for this long is taken as crashed (the beat comes every 15 s). */
export const STALE_AFTER_MS = 120_000;

export interface RunRow {
  runId: string;
  clause: string;
  startedAt: Date;
  heartbeatAt: Date;
}

export async function ensureRunTables(): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${RUNS_TABLE}))`;
    await tx.$executeRaw`CREATE TABLE IF NOT EXISTS online_alter_runs (
      table_name text PRIMARY KEY, run_id uuid NOT NULL, clause text NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(), heartbeat_at timestamptz NOT NULL DEFAULT now())`;
    await tx.$executeRaw`CREATE TABLE IF NOT EXISTS online_alter_mirror_failures (
      run_id uuid NOT NULL, failed_at timestamptz NOT NULL DEFAULT clock_timestamp(), sqlstate text NOT NULL, message text NOT NULL)`;
    await tx.$executeRaw`CREATE INDEX IF NOT EXISTS online_alter_mirror_failures_run_idx ON online_alter_mirror_failures (run_id)`;
  });
}

export const isStale = (row: Pick<RunRow, "heartbeatAt">, now = Date.now()) => now - row.heartbeatAt.getTime() >= STALE_AFTER_MS;

async function runRow(tx: DbOrTx, table: LargeFulltextTable, lock: boolean): Promise<RunRow | null> {
  const rows = await tx.$queryRaw<RunRow[]>`
    SELECT run_id::text AS "runId", clause, started_at AS "startedAt", heartbeat_at AS "heartbeatAt" FROM online_alter_runs
    WHERE table_name = ${table} ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
  return rows[0] ?? null;
}

/**
 * Takes the table for a new run. Another run's row with a fresh heartbeat refuses (also with
 * `--clean-stale`); a stale one is taken over only with `takeOver`, and the caller then removes
 * what it left. Returns the new run id and the run taken over, if any.
 */
export async function claimRun(
  table: LargeFulltextTable,
  clause: string,
  takeOver: boolean,
): Promise<{ runId: string; replaced: RunRow | null }> {
  const runId = randomUUID();
  const replaced = await db.$transaction(async (tx) => {
    const inserted =
      await tx.$executeRaw`INSERT INTO online_alter_runs (table_name, run_id, clause) VALUES (${table}, ${runId}::uuid, ${clause}) ON CONFLICT (table_name) DO NOTHING`;
    if (inserted === 1) return null;
    const other = await runRow(tx, table, true);
    if (!other) throw new AppError("conflict", `Another db:online-alter run on ${table} is just ending; try again.`);
    const since = `(run started ${other.startedAt.toISOString()}, last heartbeat ${other.heartbeatAt.toISOString()})`;
    if (!isStale(other))
      throw new AppError(
        "conflict",
        `Another db:online-alter run on ${table} is active ${since}; --clean-stale waits until it has not beaten for ${STALE_AFTER_MS / 60_000} minutes.`,
      );
    if (!takeOver)
      throw new AppError(
        "conflict",
        `An earlier run on ${table} stopped ${since}. Run again with --clean-stale to remove what it left first.`,
      );
    await tx.$executeRaw`UPDATE online_alter_runs SET run_id = ${runId}::uuid, clause = ${clause}, started_at = now(), heartbeat_at = now() WHERE table_name = ${table}`;
    return other;
  });
  return { runId, replaced };
}

/** The run's heartbeat; false when the run is no longer the table's (taken over as stale). */
export async function beat(table: LargeFulltextTable, runId: string): Promise<boolean> {
  const n = await db.$executeRaw`UPDATE online_alter_runs SET heartbeat_at = now() WHERE table_name = ${table} AND run_id = ${runId}::uuid`;
  return n === 1;
}

/** Whether the run still owns the table; in a transaction the run's row stays locked until its end. */
export async function holdsTable(client: DbOrTx, table: LargeFulltextTable, runId: string): Promise<boolean> {
  return (await runRow(client, table, isTransaction(client)))?.runId === runId;
}

/** The first write the mirror could not repeat on the shadow, if any. */
export async function mirrorFailure(client: DbOrTx, runId: string): Promise<{ sqlstate: string; message: string } | null> {
  const [row] = await client.$queryRaw<{ sqlstate: string; message: string }[]>`
    SELECT sqlstate, message FROM online_alter_mirror_failures WHERE run_id = ${runId}::uuid ORDER BY failed_at LIMIT 1`;
  return row ?? null;
}

/** Ends the run: its row goes (only its own) and so do its failure records. */
export async function releaseRun(table: LargeFulltextTable, runId: string): Promise<void> {
  await db.$executeRaw`DELETE FROM online_alter_runs WHERE table_name = ${table} AND run_id = ${runId}::uuid`;
  await db.$executeRaw`DELETE FROM online_alter_mirror_failures WHERE run_id = ${runId}::uuid`;
}

/** Writes the run's beat every `everyMs` until stopped; `lost()` turns true once another run took the table. */
export function startHeartbeat(table: LargeFulltextTable, runId: string, everyMs = 15_000): { stop: () => void; lost: () => boolean } {
  let lost = false;
  const timer = setInterval(() => {
    beat(table, runId).then(
      (mine) => (lost ||= !mine),
      () => undefined,
    );
  }, everyMs);
  timer.unref?.();
  return { stop: () => clearInterval(timer), lost: () => lost };
}
