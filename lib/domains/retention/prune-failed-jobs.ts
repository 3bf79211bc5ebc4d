import { getConfig } from "@/lib/core/config";
import { Prisma } from "@/lib/generated/prisma/client";
import { PRUNE_BATCH_SIZE, pruneModel } from "./prune-model";
import type { PrunableRecord } from "./prunable";

/** Spec 4.7, 8: failed jobs are removed after 30 days. */
export const FAILED_JOB_RETENTION_DAYS = 30;

function failedJobRecords(days: number): PrunableRecord[] {
  return [
    // The queue row the worker gave up on (its last attempt ran at run_at) ...
    {
      table: "job_queue",
      timeColumn: "run_at",
      retentionDays: days,
      reason: "failed local-queue jobs",
      index: ["status", "run_at"],
      where: Prisma.sql`status = 'failed'`,
    },
    // ... and the copy the worker wrote into failed_jobs when it did.
    { table: "failed_jobs", timeColumn: "failed_at", retentionDays: days, reason: "failed local-queue jobs", index: ["failed_at"] },
  ];
}

export interface PruneFailedJobsResult {
  queueRows: number;
  failedJobs: number;
  /** On Inngest the failed runs are kept (and expire) in Inngest itself; only old local rows are here. */
  runsOnInngest: boolean;
}

/** queue:prune-failed: failed jobs of the local queue older than `days` (default 30). */
export async function pruneFailedJobs(opts: { days?: number; dryRun?: boolean; now?: Date } = {}): Promise<PruneFailedJobsResult> {
  const [queue, failed] = await pruneModel({
    dryRun: opts.dryRun,
    now: opts.now ?? new Date(),
    batchSize: PRUNE_BATCH_SIZE,
    records: failedJobRecords(opts.days ?? FAILED_JOB_RETENTION_DAYS),
  });
  return { queueRows: queue?.rows ?? 0, failedJobs: failed?.rows ?? 0, runsOnInngest: !!getConfig().jobs.inngestEventKey };
}
