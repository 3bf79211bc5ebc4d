import { outsideActingContext } from "@/lib/domains/activity/acting-context";
import { db } from "@/lib/core/db/client";
import { findJob, JOBS } from "./catalog";
import { provideLocalDrain } from "@/lib/core/jobs/dispatch";
import { runRecorded } from "@/lib/core/jobs/job-runs";
import type { StepTools } from "@/lib/core/jobs/types";

// The embedded default's queue: rows in job_queue, worked off inside the app process. Claims use
// FOR UPDATE SKIP LOCKED, so two workers (two app processes on one database) never run one row
// twice.

interface ClaimedRow {
  id: number;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
}

const BACKOFF_SECONDS = [5, 30, 120, 600];

async function claimNext(): Promise<ClaimedRow | null> {
  const rows = await db.$queryRaw<ClaimedRow[]>`
    UPDATE job_queue SET status = 'running', locked_at = now(), attempts = attempts + 1
    WHERE id = (
      SELECT id FROM job_queue WHERE status = 'pending' AND run_at <= now()
      ORDER BY run_at, id FOR UPDATE SKIP LOCKED LIMIT 1
    )
    RETURNING id, name, payload, attempts`;
  return rows[0] ?? null;
}

function withTimeout<T>(promise: Promise<T>, seconds: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} timed out after ${seconds}s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const directSteps: StepTools = { run: (_name, fn) => fn() };

/** Runs one claimed row to completion or to its next retry. Returns false when the queue is empty. */
export async function workOne(): Promise<boolean> {
  const row = await claimNext();
  if (!row) return false;
  const job = findJob(row.name);
  try {
    if (!job) throw new Error(`no job named ${row.name}`);
    await runRecorded(row.name, () =>
      withTimeout(job.handler(row.payload as never, { step: directSteps, attempt: row.attempts }), job.timeoutSeconds, row.name),
    );
    await db.$executeRaw`UPDATE job_queue SET status = 'done', locked_at = NULL, last_error = NULL WHERE id = ${row.id}`;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const retries = job?.retries ?? 0;
    if (row.attempts <= retries) {
      const delay = BACKOFF_SECONDS[Math.min(row.attempts - 1, BACKOFF_SECONDS.length - 1)] ?? 600;
      await db.$executeRaw`
        UPDATE job_queue SET status = 'pending', locked_at = NULL, last_error = ${message},
          run_at = now() + make_interval(secs => ${delay}) WHERE id = ${row.id}`;
    } else {
      await db.$transaction([
        db.$executeRaw`UPDATE job_queue SET status = 'failed', locked_at = NULL, last_error = ${message} WHERE id = ${row.id}`,
        db.$executeRaw`INSERT INTO failed_jobs (name, payload, error, failed_at) VALUES (${row.name}, ${JSON.stringify(row.payload)}::jsonb, ${message}, now())`,
      ]);
    }
  }
  return true;
}

let draining: Promise<void> | null = null;

/**
 * Works the queue until it is empty; concurrent calls share one drain. It runs as nobody's
 * request: a drain started by a dispatch inside a request (the embedded default) would otherwise
 * inherit that request's acting context and stamp other customers' jobs with its impersonator.
 */
export function drainQueue(): Promise<void> {
  draining ??= outsideActingContext(async () => {
    try {
      while (await workOne()) {
        /* keep going */
      }
    } finally {
      draining = null;
    }
  });
  return draining;
}

/** A claim of a job the catalog does not know (renamed, removed) is released after this. */
const UNKNOWN_JOB_CLAIM_SECONDS = 300;

/**
 * Rows stuck in `running` longer than their job's limit (its `retry_after`: the process that
 * claimed them died) go back to pending. The attempt's own timeout fires first in a live
 * process, so a row is never run twice at once.
 */
export async function releaseStaleClaims(): Promise<number> {
  let released = 0;
  for (const job of JOBS) {
    released += await db.$executeRaw`
      UPDATE job_queue SET status = 'pending', locked_at = NULL
      WHERE status = 'running' AND name = ${job.name} AND locked_at < now() - make_interval(secs => ${job.timeoutSeconds})`;
  }
  const known = JOBS.map((j) => j.name);
  released += await db.$executeRaw`
    UPDATE job_queue SET status = 'pending', locked_at = NULL
    WHERE status = 'running' AND name <> ALL(${known}) AND locked_at < now() - make_interval(secs => ${UNKNOWN_JOB_CLAIM_SECONDS})`;
  return released;
}

// Dispatches in this process start a drain right away (JOBS_AUTO_DRAIN).
provideLocalDrain(drainQueue);
