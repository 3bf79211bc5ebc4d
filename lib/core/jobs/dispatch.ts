import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";

export interface DispatchOptions {
  /**
   * Deduplication key: a second dispatch with the same key is dropped (Inngest event id; a unique
   * column locally), so a retried caller never starts the same work twice.
   */
  key?: string;
  /** Earliest run time (local queue only; Inngest jobs use step.sleepUntil). */
  runAt?: Date;
}

const DRAIN = Symbol.for("pressdesk.localDrain");
const holder = globalThis as unknown as { [DRAIN]?: () => Promise<void> };

/** The local worker offers its drain here (lib/runtime/jobs/local-worker.ts); the domains that dispatch never import the worker. */
export function provideLocalDrain(drain: () => Promise<void>): void {
  holder[DRAIN] = drain;
}

/**
 * Hands work to the job runner: Inngest when an event key is configured, otherwise the local
 * queue table worked off inside this process. Call it after the business transaction commits.
 */
export async function dispatchJob(name: string, payload: Record<string, unknown>, opts: DispatchOptions = {}): Promise<void> {
  const { jobs } = getConfig();
  if (jobs.inngestEventKey) {
    const { inngest } = await import("./inngest-client");
    await inngest.send({ name, data: payload, ...(opts.key ? { id: opts.key } : {}) });
    return;
  }
  await db.$executeRaw`
    INSERT INTO job_queue (name, payload, status, run_at, attempts, dedupe_key, created_at)
    VALUES (${name}, ${JSON.stringify(payload)}::jsonb, 'pending', ${opts.runAt ?? new Date()}, 0, ${opts.key ?? null}, now())
    ON CONFLICT (dedupe_key) DO NOTHING`;
  if (!jobs.autoDrain) return;
  // A process that runs no local worker leaves the row to one that does (the app's scheduler ticks every minute).
  const drain = holder[DRAIN];
  if (drain) setImmediate(() => void drain().catch((err) => console.error("job worker:", err)));
}
