import { db, type Tx } from "@/lib/core/db/client";
import { ARCHIVE_OPERATION_HANDLERS } from "./operations";
import {
  ArchiveJobError,
  clearReleaseMarkerIfIdle,
  lockRelease,
  releaseOfSubject,
  type ArchiveJobSubject,
  type ArchiveOperation,
} from "./jobs";

export type { ArchiveOperation } from "./jobs";

// archive_pending_jobs (spec 2.4: one open job per operation). A job is opened in the
// transaction of the change it archives, and run later by runPendingArchiveJobs, which reads
// and hashes files with no transaction open and writes the entries in the transaction that
// completes the job.

/** How long a claim keeps other runners off a job; a runner that died is replaced after it. */
export const ARCHIVE_JOB_LEASE_SECONDS = 600;
export const ARCHIVE_JOB_DEFAULT_LIMIT = 500;
const LAST_ERROR_MAX = 1000;

export interface EnqueueArchiveJob extends ArchiveJobSubject {
  operation: ArchiveOperation;
  /** The release whose archive_pending_at marks the open job; found from the subject when absent. */
  pressReleaseId?: number;
}

/**
 * Opens the job unless one is open for this operation and subject already (insert-or-ignore
 * against the partial unique index archive_pending_jobs_open_key), and marks the release.
 * The release row is touched first: the runner locks it before completing a job, so a job
 * completing concurrently either sees this transaction's rows or leaves this new job open.
 */
export async function enqueueArchiveJob(tx: Tx, job: EnqueueArchiveJob): Promise<{ created: boolean; jobId: number | null }> {
  const releaseId = job.pressReleaseId ?? (await releaseOfSubject(tx, job));
  // Kept when set already: the marker says since when archiving has been pending.
  if (releaseId !== null)
    await tx.$executeRaw`UPDATE press_releases SET archive_pending_at = COALESCE(archive_pending_at, now()) WHERE id = ${releaseId}`;
  const inserted = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO archive_pending_jobs (operation, subject_type, subject_id, attempts, created_at, updated_at)
    VALUES (${job.operation}, ${job.subjectType}, ${job.subjectId}, 0, now(), now())
    ON CONFLICT (operation, subject_type, subject_id) WHERE completed_at IS NULL DO NOTHING
    RETURNING id`;
  if (inserted[0]) return { created: true, jobId: inserted[0].id };
  const open = await tx.archivePendingJob.findFirst({
    where: { operation: job.operation, subjectType: job.subjectType, subjectId: job.subjectId, completedAt: null },
    select: { id: true },
  });
  return { created: false, jobId: open?.id ?? null };
}

interface ClaimedJob extends ArchiveJobSubject {
  id: number;
  operation: string;
  /** The lease this runner holds; completion and failure are written only while it still holds it. */
  claimedUntil: Date;
}

/**
 * Claims the next open job nobody holds: FOR UPDATE SKIP LOCKED picks a row no concurrent
 * claim is looking at, and the claim sets claimed_until a lease into the future, so no other
 * runner takes the job while this one works on it without a transaction open. Only jobs last
 * touched before this run began are taken: a job another runner failed a moment ago waits for
 * the next run instead of failing twice. New jobs go first (fewest attempts).
 */
async function claimNextJob(at: Date | null, runStart: Date, tried: number[]): Promise<ClaimedJob | null> {
  const rows = await db.$queryRaw<ClaimedJob[]>`
    UPDATE archive_pending_jobs SET claimed_until = (COALESCE(${at}::timestamptz, now()) + make_interval(secs => ${ARCHIVE_JOB_LEASE_SECONDS}))::timestamptz(3)
    WHERE id = (
      SELECT id FROM archive_pending_jobs
      WHERE completed_at IS NULL AND updated_at <= ${runStart} AND (claimed_until IS NULL OR claimed_until <= COALESCE(${at}::timestamptz, now()))
        AND NOT (id = ANY(${tried}::int[]))
      ORDER BY attempts, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, operation, subject_type AS "subjectType", subject_id AS "subjectId", claimed_until AS "claimedUntil"`;
  return rows[0] ?? null;
}

/** Runs the job's operation and completes it in one transaction; false when the lease was lost. */
async function completeJob(job: ClaimedJob, at: Date | null): Promise<boolean> {
  const handler = ARCHIVE_OPERATION_HANDLERS[job.operation as ArchiveOperation];
  if (!handler) throw new ArchiveJobError(`unknown archive operation: ${job.operation}`);
  const prepared = await handler.prepare(job);
  return db.$transaction(async (tx) => {
    const releaseId = await releaseOfSubject(tx, job);
    if (releaseId !== null) await lockRelease(tx, releaseId);
    const won = await tx.$executeRaw`
      UPDATE archive_pending_jobs SET completed_at = COALESCE(${at}::timestamptz, now()), last_error = NULL, claimed_until = NULL, updated_at = now()
      WHERE id = ${job.id} AND completed_at IS NULL AND claimed_until = ${job.claimedUntil}`;
    if (won !== 1) return false;
    await handler.record(tx, job, prepared);
    if (releaseId !== null) await clearReleaseMarkerIfIdle(tx, releaseId);
    return true;
  });
}

/** Counts the failure and releases the claim, so the next run tries again; false when the lease was lost. */
async function failJob(job: ClaimedJob, error: unknown): Promise<boolean> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX);
  const n = await db.$executeRaw`
    UPDATE archive_pending_jobs SET attempts = attempts + 1, last_error = ${message}, claimed_until = NULL, updated_at = now()
    WHERE id = ${job.id} AND completed_at IS NULL AND claimed_until = ${job.claimedUntil}`;
  return n === 1;
}

export interface RunPendingResult {
  done: number;
  failed: number;
  /** Open jobs left after the run, failed ones included. */
  remaining: number;
}

/** Works open archive jobs one at a time, up to `limit`; several runners may run at once. */
export async function runPendingArchiveJobs(opts: { limit?: number; now?: Date } = {}): Promise<RunPendingResult> {
  const limit = opts.limit ?? ARCHIVE_JOB_DEFAULT_LIMIT;
  const at = opts.now ?? null;
  // Rounded as updated_at is stored (milliseconds), so a job enqueued before the run compares
  // as not later. Tried ids are kept as well: a failure stamped in the run's first millisecond
  // passes the time test.
  const [{ runStart }] = await db.$queryRaw<[{ runStart: Date }]>`SELECT COALESCE(${at}::timestamptz, now())::timestamptz(3) AS "runStart"`;
  const tried: number[] = [];
  let done = 0;
  let failed = 0;
  while (tried.length < limit) {
    const job = await claimNextJob(at, runStart, tried);
    if (!job) break;
    tried.push(job.id);
    try {
      if (await completeJob(job, at)) done++;
    } catch (err) {
      if (await failJob(job, err)) failed++;
    }
  }
  const remaining = await db.archivePendingJob.count({ where: { completedAt: null } });
  return { done, failed, remaining };
}
