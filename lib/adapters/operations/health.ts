import { statfs } from "node:fs/promises";
import { getConfig } from "@/lib/core/config";
import { getCacheStore } from "@/lib/core/cache/store";
import { db } from "@/lib/core/db/client";
import { SCHEDULER_HEARTBEAT } from "@/lib/core/jobs/heartbeat";
import { countOverdueWork, OVERDUE_LIMITS } from "@/lib/domains/review/overdue-work";
import { isSendingHalted } from "@/lib/domains/mail/circuit-breaker";
import { probeS3Bucket } from "@/lib/core/storage/s3-storage";

export type CheckStatus = "ok" | "fail";
export interface CheckResult {
  status: CheckStatus;
  latencyMs: number;
  detail?: string;
}
export interface HealthReport {
  status: CheckStatus;
  version: string;
  checks: Record<string, CheckResult>;
}

// Thresholds: a queue older than this is stuck; a scheduler silent this long is down
// (the heartbeat runs every 5 minutes); work left undone this long means its jobs do not run;
// disk below this is about to stop uploads.
export const HEALTH_LIMITS = {
  queueBacklogMinutes: 15,
  reviewWaitMinutes: OVERDUE_LIMITS.reviewWaitMinutes,
  scheduledOverdueMinutes: OVERDUE_LIMITS.scheduledOverdueMinutes,
  queueBacklogMaxRows: 1000,
  heartbeatMaxAgeMinutes: 15,
  mailWaitMinutes: 10,
  minFreeDiskBytes: 512 * 1024 * 1024,
  checkTimeoutMs: 3000,
};

async function timed(fn: () => Promise<string | undefined>): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_LIMITS.checkTimeoutMs} ms`)), HEALTH_LIMITS.checkTimeoutMs);
      }),
    ]);
    return { status: "ok", latencyMs: Math.round(performance.now() - started), ...(detail ? { detail } : {}) };
  } catch (err) {
    return {
      status: "fail",
      latencyMs: Math.round(performance.now() - started),
      detail: err instanceof Error ? err.message.split("\n")[0] : String(err),
    };
  } finally {
    clearTimeout(timer);
  }
}

export const HEALTH_CHECKS: Record<string, () => Promise<string | undefined>> = {
  async database() {
    await db.$queryRaw`SELECT 1`;
    return undefined;
  },
  async cache() {
    await getCacheStore().ping();
    return undefined;
  },
  async queue() {
    // On Inngest the queue lives there; the `overdue` check measures what its jobs leave undone.
    if (getConfig().jobs.inngestEventKey) return "not measured here: jobs run on Inngest (see the overdue check)";
    const [row] = await db.$queryRaw<{ pending: bigint; oldest_minutes: number | null }[]>`
      SELECT count(*) AS pending, EXTRACT(EPOCH FROM now() - min(run_at)) / 60 AS oldest_minutes
      FROM job_queue WHERE status = 'pending' AND run_at <= now()`;
    const pending = Number(row?.pending ?? 0);
    const oldest = Number(row?.oldest_minutes ?? 0);
    if (oldest > HEALTH_LIMITS.queueBacklogMinutes || pending > HEALTH_LIMITS.queueBacklogMaxRows) {
      throw new Error(`${pending} due jobs waiting, oldest ${Math.round(oldest)} min`);
    }
    return `${pending} due`;
  },
  /**
   * The backlog measured by its effects, wherever the jobs run (releases of a deleted or removed
   * newsroom wait for nothing: they are never checked or published): releases waiting for their
   * automatic check with no check of their current version, and scheduled releases past their time that
   * the scheduler never tried (a business block, like quota, records an attempt and is fine).
   */
  async overdue() {
    const { reviews, scheduled } = await countOverdueWork();
    if (reviews || scheduled)
      throw new Error(
        `${reviews} releases wait over ${HEALTH_LIMITS.reviewWaitMinutes} min for their check, ${scheduled} scheduled releases are over ${HEALTH_LIMITS.scheduledOverdueMinutes} min late`,
      );
    return "no overdue work";
  },
  async scheduler() {
    const [row] = await db.$queryRaw<{ last_run_at: Date }[]>`SELECT last_run_at FROM job_heartbeats WHERE name = ${SCHEDULER_HEARTBEAT}`;
    if (!row) throw new Error("no heartbeat recorded");
    const ageMin = (Date.now() - row.last_run_at.getTime()) / 60_000;
    if (ageMin > HEALTH_LIMITS.heartbeatMaxAgeMinutes) throw new Error(`last heartbeat ${Math.round(ageMin)} min ago`);
    return `last beat ${Math.round(ageMin)} min ago`;
  },
  /** Mail that should have gone out: the relay refusing us (circuit open) or due mail left waiting. */
  async mail() {
    const circuit = await isSendingHalted();
    if (circuit.halted) throw new Error(`sending halted by the circuit breaker until ${circuit.until?.toISOString()}`);
    const [row] = await db.$queryRaw<{ waiting: bigint; failed: bigint }[]>`
      SELECT
        (SELECT count(*) FROM mail_outbox WHERE status = 'queued' AND next_attempt_at < now() - make_interval(mins => ${HEALTH_LIMITS.mailWaitMinutes})) AS waiting,
        (SELECT count(*) FROM mail_outbox WHERE status = 'failed' AND created_at > now() - interval '1 day') AS failed`;
    const waiting = Number(row?.waiting ?? 0);
    if (waiting) throw new Error(`${waiting} due mails wait over ${HEALTH_LIMITS.mailWaitMinutes} min`);
    return `${Number(row?.failed ?? 0)} failed in the last day`;
  },
  /** Where files are stored: free space on the disk, or one cheap request to the S3 bucket. */
  async disk() {
    const storage = getConfig().storage;
    if (storage.kind === "s3") {
      await probeS3Bucket(storage);
      return `bucket ${storage.bucket} reachable`;
    }
    const stats = await statfs(getConfig().images.storageDir).catch(() => statfs("."));
    const free = stats.bavail * stats.bsize;
    if (free < HEALTH_LIMITS.minFreeDiskBytes) throw new Error(`${Math.round(free / 1048576)} MiB free`);
    return `${Math.round(free / 1073741824)} GiB free`;
  },
};

/** Runs every check in parallel; one failure makes the whole report fail (503). */
export async function checkHealth(checks = HEALTH_CHECKS): Promise<HealthReport> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => timed(checks[name]!)));
  const entries = Object.fromEntries(names.map((n, i) => [n, results[i]!]));
  return {
    status: results.every((r) => r.status === "ok") ? "ok" : "fail",
    version: getConfig().app.version,
    checks: entries,
  };
}
