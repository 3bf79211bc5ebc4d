import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { aggregateViews, purgeEvents, TIME_BUDGET_MS } from "./aggregate-views";

export const aggregateViewsJob = defineJob({
  name: JOB.aggregateViews,
  retries: 0,
  // The run stops itself after its 480 s budget; the lock (600 s) outlives it.
  timeoutSeconds: TIME_BUDGET_MS / 1000 + 60,
  handler: async (_payload, { step }) => step.run("aggregate", () => aggregateViews()),
});

export const purgeEventsJob = defineJob({
  name: JOB.purgeEvents,
  retries: 1,
  timeoutSeconds: 300,
  handler: async (_payload, { step }) => step.run("purge", () => purgeEvents()),
});
