import { statfs } from "node:fs/promises";
import { getConfig } from "@/lib/config";
import { getCacheStore } from "@/lib/cache/store";
import { db } from "@/lib/db/client";
import { SCHEDULER_HEARTBEAT } from "@/lib/jobs/heartbeat";

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
// (the heartbeat runs every 5 minutes); disk below this is about to stop uploads.
export const HEALTH_LIMITS = {
  queueBacklogMinutes: 15,
  queueBacklogMaxRows: 1000,
  heartbeatMaxAgeMinutes: 15,
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
    return { status: "fail", latencyMs: Math.round(performance.now() - started), detail: err instanceof Error ? err.message.split("\n")[0] : String(err) };
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
  async scheduler() {
    const [row] = await db.$queryRaw<{ last_run_at: Date }[]>`SELECT last_run_at FROM job_heartbeats WHERE name = ${SCHEDULER_HEARTBEAT}`;
    if (!row) throw new Error("no heartbeat recorded");
    const ageMin = (Date.now() - row.last_run_at.getTime()) / 60_000;
    if (ageMin > HEALTH_LIMITS.heartbeatMaxAgeMinutes) throw new Error(`last heartbeat ${Math.round(ageMin)} min ago`);
    return `last beat ${Math.round(ageMin)} min ago`;
  },
  async disk() {
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
