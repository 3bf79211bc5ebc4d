import { Cron } from "croner";
import { watchOperations } from "@/lib/adapters/operations/watch-operations";
import { SCHEDULES } from "./catalog";
import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { recordHeartbeat } from "@/lib/core/jobs/heartbeat";
import { releaseStaleClaims } from "./local-worker";

let crons: Cron[] = [];
let watchdog: NodeJS.Timeout | undefined;

/** The operations watch's own beat, independent of croner and of the job queue it watches. */
const WATCHDOG_INTERVAL_MS = 5 * 60_000;

/**
 * The embedded default's scheduler: the same cron table Inngest runs in production, ticking inside
 * the app process. Each tick dispatches with a key of schedule + minute, so two processes on one
 * database start a scheduled run once.
 */
export function startLocalScheduler(): void {
  if (crons.length) return;
  crons = Object.entries(SCHEDULES).map(
    ([id, s]) =>
      new Cron(s.cron, { timezone: s.timezone, protect: true }, async () => {
        const minute = new Date().toISOString().slice(0, 16);
        await dispatchJob(s.job, {}, { key: `${id}@${minute}` }).catch((err) => console.error(`schedule ${id}:`, err));
      }),
  );
  crons.push(new Cron("*/1 * * * *", { protect: true }, () => void releaseStaleClaims().catch(() => {})));
  void recordHeartbeat().catch((err) => console.error("scheduler heartbeat:", err));
  // A plain timer, not a cron job through the queue: a stalled cron library or a stuck queue
  // would otherwise silence the very watch that reports them.
  watchdog = setInterval(() => void watchOperations().catch((err) => console.error("operations watch:", err)), WATCHDOG_INTERVAL_MS);
  watchdog.unref();
}

export function stopLocalScheduler(): void {
  for (const c of crons) c.stop();
  crons = [];
  clearInterval(watchdog);
  watchdog = undefined;
}
