import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { pruneExpiredTokens } from "./tokens";

export const pruneExpiredTokensJob = defineJob({
  name: JOB.pruneExpiredTokens,
  retries: 2,
  timeoutSeconds: 60,
  handler: async (_payload, { step }) => step.run("prune", () => pruneExpiredTokens()),
});
