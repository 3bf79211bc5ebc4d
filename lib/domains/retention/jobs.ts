import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { pruneFailedJobs } from "./prune-failed-jobs";
import { pruneModel } from "./prune-model";

/** Daily 04:05 (spec 4.7): the model:prune command. */
export const pruneModelJob = defineJob({
  name: JOB.pruneModel,
  retries: 1,
  timeoutSeconds: 900,
  handler: async (_payload, { step }) => step.run("prune", async () => (await pruneModel()).map((t) => ({ table: t.table, rows: t.rows }))),
});

/** Daily: the queue:prune-failed command (30 days, spec 8). */
export const pruneFailedJobsJob = defineJob({
  name: JOB.pruneFailedJobs,
  retries: 1,
  timeoutSeconds: 300,
  handler: async (_payload, { step }) => step.run("prune", () => pruneFailedJobs()),
});
