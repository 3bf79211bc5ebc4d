import { db } from "@/lib/core/db/client";
import { scrubExcerpt } from "@/lib/core/observability/scrub-text";

// Per job name, the last start, success and failure (job_heartbeats, one row per name): the
// system-status page lists them beside the schedules. Bookkeeping only: a failed write is
// logged and never fails or retries the job it describes.

const MAX_ERROR_CHARS = 500;

async function bestEffort(name: string, write: () => Promise<unknown>): Promise<void> {
  await write().catch((err: unknown) =>
    console.error(
      `job ${name}: run not recorded: ${scrubExcerpt(err instanceof Error ? err.message.split("\n")[0]! : String(err), MAX_ERROR_CHARS)}`,
    ),
  );
}

/** Runs `fn` as one run of job `name`, recording its start and its outcome; rethrows the job's error. */
export async function runRecorded<T>(name: string, fn: () => Promise<T>): Promise<T> {
  await bestEffort(
    name,
    () => db.$executeRaw`
    INSERT INTO job_heartbeats (name, last_run_at) VALUES (${name}, now())
    ON CONFLICT (name) DO UPDATE SET last_run_at = EXCLUDED.last_run_at`,
  );
  try {
    const result = await fn();
    await bestEffort(name, () => db.$executeRaw`UPDATE job_heartbeats SET last_ok_at = now() WHERE name = ${name}`);
    return result;
  } catch (err) {
    // Shown on /admin/system: masked like an error-tracker event (a mail job's error names its recipient), cut after masking.
    const message = scrubExcerpt(err instanceof Error ? err.message : String(err), MAX_ERROR_CHARS);
    await bestEffort(
      name,
      () => db.$executeRaw`UPDATE job_heartbeats SET last_failed_at = now(), last_error = ${message} WHERE name = ${name}`,
    );
    throw err;
  }
}
