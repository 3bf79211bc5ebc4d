import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { SCHEDULER } from "./history";
import { LIVE_NEWSROOM_WHERE } from "./live-newsroom";
import { recordPublicationHeldUp } from "./publication-held-up";
import { publishRelease } from "./publish-release";

export interface ScheduledRun {
  published: number[];
  /** Business outcomes (quota, image block, stale check): the release waits, one history entry. */
  blocked: { id: number; outcome: string }[];
}

/**
 * press-releases:publish-scheduled. Publishes every scheduled release whose time has come (or
 * that has no time any more), as the scheduler actor. A release with manual_review_required_at
 * is published only in the text a person approved; any other is left to a person.
 * A business outcome is written once per release and outcome (not on every tick); a release a
 * stale check held up goes back to review for its check (publish(), scheduleReviewAfterStale). A
 * technical failure propagates so the command exits non-zero and the job retries.
 */
export async function publishDueReleases(now = new Date()): Promise<ScheduledRun> {
  const due = await db.pressRelease.findMany({
    where: {
      status: "scheduled",
      deletedAt: null,
      goneAt: null,
      company: LIVE_NEWSROOM_WHERE,
      AND: [
        { OR: [{ scheduledAt: { lte: now } }, { scheduledAt: null }] },
        { OR: [{ manualReviewRequiredAt: null }, { approvedReviewFingerprint: { equals: db.pressRelease.fields.reviewFingerprint } }] },
      ],
    },
    select: { id: true },
    orderBy: [{ scheduledAt: "asc" }, { id: "asc" }],
    take: 500,
  });
  const run: ScheduledRun = { published: [], blocked: [] };
  for (const { id } of due) {
    try {
      await publishRelease({ releaseId: id, actor: SCHEDULER, now });
      run.published.push(id);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      run.blocked.push({ id, outcome: err.code });
      // Only while it is still scheduled: a stale check sends it back to review (its check runs there).
      await recordPublicationHeldUp(id, "scheduled", SCHEDULER, err, { oncePerOutcome: true });
    }
  }
  return run;
}

export const publishScheduledJob = defineJob({
  name: JOB.publishScheduled,
  retries: 2,
  timeoutSeconds: 120,
  // One step: a retried run finds already-published releases no longer scheduled.
  handler: async (_payload, { step }) => step.run("publish-due", () => publishDueReleases()),
});
