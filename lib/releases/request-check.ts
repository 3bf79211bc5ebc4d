import { dispatchJob } from "@/lib/jobs/dispatch";
import { JOB } from "@/lib/jobs/names";

/**
 * Queues the automatic check with routing for a release, after the caller's transaction.
 * `cause` names the occasion (the judged text's hash, "stale"); with the time it makes the
 * dispatch key, so a retried caller does not queue the same check twice.
 */
export function requestAutomaticCheck(releaseId: number, cause: string, now: Date): Promise<void> {
  return dispatchJob(JOB.review, { releaseId }, { key: `review:${releaseId}:${cause}:${now.getTime()}` });
}
