import { defineJob } from "@/lib/jobs/types";
import { JOB } from "@/lib/jobs/names";
import { runAutomaticReview } from "./run-review";

/**
 * submitted → check → route → publish. One step: the check and its routing commit together
 * under the row lock, and a retried step finds the release no longer in review, so it never
 * publishes twice. The AI timeout (120 s) bounds the attempt.
 */
export const reviewJob = defineJob<{ releaseId: number }>({
  name: JOB.review,
  retries: 3,
  timeoutSeconds: 150,
  handler: async ({ releaseId }, { step }) => step.run("check-route-publish", () => runAutomaticReview({ releaseId })),
});
