import { defineJob } from "@/lib/core/jobs/types";
import { JOB } from "@/lib/core/jobs/names";
import { runAutomaticReview } from "./run-review";
import { getConfig } from "@/lib/core/config";

/**
 * submitted → check → route → publish. One step: the check and its routing commit together
 * under the row lock, and a retried step finds the release no longer in review, so it never
 * publishes twice. The classifier call is bounded by AI_JOB_TIMEOUT_S (120 s); the attempt as a
 * whole by AI_JOB_RETRY_AFTER_S (150 s), after which a claim is presumed dead and tried again.
 */
export const reviewJob = defineJob<{ releaseId: number }>({
  name: JOB.review,
  retries: 3,
  get timeoutSeconds() {
    return getConfig().review.aiJobRetryAfterSeconds;
  },
  handler: async ({ releaseId }, { step }) => step.run("check-route-publish", () => runAutomaticReview({ releaseId })),
});
