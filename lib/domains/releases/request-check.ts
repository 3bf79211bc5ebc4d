import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { JOB } from "@/lib/core/jobs/names";

/**
 * Queues the automatic check with routing for a release, after the caller's transaction.
 * `cause` names the occasion (the judged text's hash, "stale"); with the time it makes the
 * dispatch key, so a retried caller does not queue the same check twice.
 */
export function requestAutomaticCheck(releaseId: number, cause: string, now: Date): Promise<void> {
  return dispatchJob(JOB.review, { releaseId }, { key: `review:${releaseId}:${cause}:${now.getTime()}` });
}

/** How often the check sweep asks again for one version of a release whose check never came. */
export const SWEEP_REQUEST_EVERY_MS = 60 * 60_000;

/**
 * The check sweep's request for the version `fingerprint`: one key per version and hour, so sweeps
 * running at once (or every few minutes) queue it once, and an hour later it is asked for again
 * when the check still has not come (the classifier was down).
 */
export function requestSweptCheck(releaseId: number, fingerprint: string, now: Date): Promise<void> {
  return dispatchJob(
    JOB.review,
    { releaseId },
    { key: `review:${releaseId}:sweep:${fingerprint}:${Math.floor(now.getTime() / SWEEP_REQUEST_EVERY_MS)}` },
  );
}
