import { recordActivity } from "@/lib/activity/record-activity";
import { db } from "@/lib/db/client";
import { AppError, ManualReviewRequiredException, StaleClassificationException } from "@/lib/http/errors";
import { assertImagesConfirmed } from "@/lib/images/rights";
import { dispatchJob } from "@/lib/jobs/dispatch";
import { assignCanonical } from "./canonical";
import { isAutomatic, recordHistory, type Actor } from "./history";
import { lockRelease } from "./lock";
import { bumpPublicCacheGeneration } from "./public-cache";
import { consumeQuota } from "./quota";
import { quotaHolderOf } from "./quota-holder";
import { syncSearchMirror } from "./search-mirror";

export const REVIEW_JOB = "release/review";

export interface PublishOptions {
  releaseId: number;
  actor: Actor;
  /** An admin who saw the quota warning may publish anyway. */
  acknowledgeQuotaWarning?: boolean;
  now?: Date;
}

/**
 * publish() of spec 3.1. Automatic actors (ki, scheduler) need the newest valid classification
 * to match the current text and no manual-review marker; every actor needs quota and confirmed
 * v2 images. All checks run after the row lock, in the transaction that publishes.
 */
export async function publishRelease(opts: PublishOptions): Promise<{ canonicalPressReleaseId: number | null }> {
  const now = opts.now ?? new Date();
  try {
    const result = await db.$transaction(async (tx) => {
      const release = await lockRelease(tx, opts.releaseId);
      // A second publish of the same release waits on the lock, then finds it published.
      if (release.status !== "in_review" && release.status !== "scheduled") {
        throw new AppError("conflict", `A release in status ${release.status} cannot be published.`);
      }
      if (isAutomatic(opts.actor)) {
        if (release.manualReviewRequiredAt) throw new ManualReviewRequiredException();
        const newest = await tx.pressReleaseClassification.findFirst({
          where: { pressReleaseId: release.id, discardedAt: null },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        });
        if (!newest || newest.contentHash !== release.contentHash) throw new StaleClassificationException();
        if (newest.result === "red") throw new AppError("conflict", "The newest check of this text is red.");
      }
      await assertImagesConfirmed(tx, release.id);
      const holder = await quotaHolderOf(tx, release);
      await consumeQuota(tx, holder, now, { allowOverLimit: opts.actor.type === "admin" && opts.acknowledgeQuotaWarning });

      await tx.pressRelease.update({
        where: { id: release.id },
        data: { status: "published", publishedAt: now, publishedEverAt: release.publishedEverAt ?? now, reviewFlaggedAt: null, manualQueueAt: null },
      });
      await tx.pressReleaseImage.updateMany({ where: { pressReleaseId: release.id, publishedEverAt: null }, data: { publishedEverAt: now } });
      const canonicalPressReleaseId = await assignCanonical(tx, release);
      await recordHistory(tx, { pressReleaseId: release.id, from: release.status, to: "published", actor: opts.actor, outcome: "published" });
      await recordActivity({ actorUserId: opts.actor.userId ?? null, type: "release.status_changed", subjectType: "press_release", subjectId: release.id, result: "published" }, tx);
      await syncSearchMirror(tx, release.id, now);
      await bumpPublicCacheGeneration(tx);
      return { canonicalPressReleaseId };
    });
    return result;
  } catch (err) {
    // A stale classification schedules a new check with routing, after the refused attempt.
    if (err instanceof StaleClassificationException) await dispatchJob(REVIEW_JOB, { releaseId: opts.releaseId }, { key: `review:${opts.releaseId}:${now.getTime()}` });
    throw err;
  }
}
