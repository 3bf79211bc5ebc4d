import { db } from "@/lib/core/db/client";
import { JOB } from "./names";
import { defineJob } from "./types";

export const SCHEDULER_HEARTBEAT = "scheduler";

/** Records that the scheduler is alive; /health reads it. */
export async function recordHeartbeat(name = SCHEDULER_HEARTBEAT, at = new Date()): Promise<void> {
  await db.$executeRaw`
    INSERT INTO job_heartbeats (name, last_run_at, last_ok_at)
    VALUES (${name}, ${at}, ${at})
    ON CONFLICT (name) DO UPDATE SET last_run_at = EXCLUDED.last_run_at, last_ok_at = EXCLUDED.last_ok_at`;
}

export const heartbeatJob = defineJob({
  name: JOB.heartbeat,
  retries: 0,
  timeoutSeconds: 30,
  handler: async (_payload, { step }) => step.run("record-heartbeat", () => recordHeartbeat()),
});
