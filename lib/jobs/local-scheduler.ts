import { Cron } from "croner";
import { SCHEDULES } from "./catalog";
import { dispatchJob } from "./dispatch";
import { recordHeartbeat } from "./heartbeat";
import { releaseStaleClaims } from "./local-worker";

let crons: Cron[] = [];

/**
 * The embedded default's scheduler: the same cron table Inngest runs in production, ticking inside
 * the app process. Each tick dispatches with a key of schedule + minute, so two processes on one
 * database start a scheduled run once.
 */
export function startLocalScheduler(): void {
  if (crons.length) return;
  crons = Object.entries(SCHEDULES).map(([id, s]) =>
    new Cron(s.cron, { timezone: s.timezone, protect: true }, async () => {
      const minute = new Date().toISOString().slice(0, 16);
      await dispatchJob(s.job, {}, { key: `${id}@${minute}` }).catch((err) => console.error(`schedule ${id}:`, err));
    }),
  );
  crons.push(new Cron("*/1 * * * *", { protect: true }, () => void releaseStaleClaims().catch(() => {})));
  void recordHeartbeat().catch((err) => console.error("scheduler heartbeat:", err));
}

export function stopLocalScheduler(): void {
  for (const c of crons) c.stop();
  crons = [];
}
