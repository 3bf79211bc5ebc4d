import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { pruneWebsub } from "./prune";
import { runWebsubHub } from "./run-hub";

/**
 * After every commit that gives the hub work (a subscription request, a release change with
 * subscribers) and every minute: verifications, content deliveries and their retries.
 */
export const websubDistributeJob = defineJob({
  name: JOB.websubDistribute,
  retries: 0,
  timeoutSeconds: 120,
  handler: async (_payload, { step }) => step.run("distribute", () => runWebsubHub()),
});

/** Daily: expired subscriptions and old bookkeeping. */
export const websubPruneJob = defineJob({
  name: JOB.websubPrune,
  retries: 1,
  timeoutSeconds: 300,
  handler: async (_payload, { step }) => step.run("prune", () => pruneWebsub()),
});
