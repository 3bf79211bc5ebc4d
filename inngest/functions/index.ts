import { JOBS, SCHEDULES } from "@/lib/runtime/jobs/catalog";
import { runRecorded } from "@/lib/core/jobs/job-runs";
import type { JobDefinition } from "@/lib/core/jobs/types";
import { inngest } from "../client";

// Each job becomes one Inngest function: a thin wrapper whose side effects are the job's own
// named steps. Scheduled jobs get their cron trigger beside the event trigger.
function toFunction(job: JobDefinition<never>) {
  const crons = Object.values(SCHEDULES)
    .filter((s) => s.job === job.name)
    .map((s) => ({ cron: `TZ=${s.timezone} ${s.cron}` }));
  return inngest.createFunction(
    {
      id: job.name.replace(/\//g, "-"),
      retries: job.retries as 0,
      timeouts: { finish: `${job.timeoutSeconds}s` },
      triggers: [{ event: job.name }, ...crons],
    },
    // Recorded outside the steps: Inngest re-enters the body once per step, so the start is the
    // latest entry and the success the entry that finished the run.
    async ({ event, step, attempt }) =>
      runRecorded(job.name, () =>
        job.handler((event.data ?? {}) as never, { step: { run: (name, fn) => step.run(name, fn) as never }, attempt: attempt + 1 }),
      ),
  );
}

export const functions = JOBS.map(toFunction);
