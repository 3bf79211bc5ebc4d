import { db, type Tx } from "@/lib/core/db/client";
import type { PressRelease } from "@/lib/generated/prisma/client";
import { AppError, ManualReviewRequiredException, StaleClassificationException } from "@/lib/core/errors/errors";
import { assertImagesConfirmed } from "@/lib/domains/images/rights";
import { markImagesPublished } from "@/lib/domains/images/mark-images-published";
import { assignCanonical } from "./canonical";
import { isAutomatic, type Actor } from "./history";
import { recordLifecycleEvent } from "./lifecycle/record-lifecycle-event";
import { isLiveNewsroom } from "./live-newsroom";
import { lockRelease } from "./lock";
import { emitQuotaExhausted } from "@/lib/domains/webhooks/account-events";
import { consumeQuota } from "./quota";
import { requestAutomaticCheck } from "./request-check";
import { quotaHolderOf } from "./quota-holder";
import { currentReviewFingerprint, refreshAfterRefusal, sendScheduledBackToCheck } from "./review-images";

export interface PublishOptions {
  releaseId: number;
  actor: Actor;
  /** An admin who saw the quota warning may publish anyway. */
  acknowledgeQuotaWarning?: boolean;
  now?: Date;
}

/**
 * The body of publish() for a release already locked in `tx`. What would be published (text and
 * the images it would deliver) must be what the stored review fingerprint says, for every actor.
 * Automatic actors (ki, scheduler) need the newest valid classification to have judged exactly
 * that fingerprint (text, lead, links, contact, dateline, keywords, category, images) and no
 * manual-review marker; every actor needs quota and confirmed v2 images.
 */
export async function publishLocked(
  tx: Tx,
  release: PressRelease,
  opts: Omit<PublishOptions, "releaseId"> & { now: Date },
): Promise<{ canonicalPressReleaseId: number | null }> {
  // A second publish of the same release waited on the lock and now finds it published.
  if (release.status !== "in_review" && release.status !== "scheduled") {
    throw new AppError("conflict", `A release in status ${release.status} cannot be published.`);
  }
  // A deleted or removed newsroom publishes nothing, whoever asks (the scheduler, the check, a
  // person's approval): its pages answer 404 or 410, and no quota or mail is spent on it.
  const newsroom = await tx.company.findUnique({ where: { id: release.companyId }, select: { deletedAt: true, goneAt: true } });
  if (!isLiveNewsroom(newsroom))
    throw new AppError("conflict", "The newsroom of this release was deleted or removed; it publishes nothing.");
  // A check or approval holds only for the fingerprint it names; compared with what this
  // publication would show, so an image change that did not refresh the fingerprint is caught.
  if ((await currentReviewFingerprint(tx, release)) !== release.reviewFingerprint) {
    throw new StaleClassificationException("The release or its images changed since its last check; a new check has been scheduled.");
  }
  if (isAutomatic(opts.actor) && release.manualReviewRequiredAt) {
    // Only a person's approval of exactly this text lets the scheduler publish it at its time.
    if (!isApprovedForScheduler(release, opts.actor)) throw new ManualReviewRequiredException();
  } else if (isAutomatic(opts.actor)) {
    const newest = await tx.pressReleaseClassification.findFirst({
      where: { pressReleaseId: release.id, discardedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    if (!newest || !release.reviewFingerprint || newest.reviewFingerprint !== release.reviewFingerprint)
      throw new StaleClassificationException();
    if (newest.result === "red") throw new AppError("conflict", "The newest check of this text is red.");
  }
  await assertImagesConfirmed(tx, release.id);
  const holder = await quotaHolderOf(tx, release);
  const quota = await consumeQuota(tx, holder, opts.now, { allowOverLimit: opts.actor.type === "admin" && opts.acknowledgeQuotaWarning });
  // This publication took the month's last unit: the newsroom's programs hear of it now, not at the next refusal.
  if (quota.used === quota.limit)
    await emitQuotaExhausted(tx, {
      companyId: release.companyId,
      releaseId: release.id,
      period: quota.period,
      limit: quota.limit,
      now: opts.now,
    });

  await tx.pressRelease.update({
    where: { id: release.id },
    data: {
      status: "published",
      publishedAt: opts.now,
      publishedEverAt: release.publishedEverAt ?? opts.now,
      reviewFlaggedAt: null,
      manualQueueAt: null,
    },
  });
  await markImagesPublished(tx, release.id, opts.now);
  const canonicalPressReleaseId = await assignCanonical(tx, release);
  // Every publication passes here (ki, scheduler, an admin's approval): its reactions (search
  // mirror, caches, the author's mail) hear of each one exactly once, after the canonical
  // assignment the mail reports, and only if the publication commits.
  await recordLifecycleEvent(tx, {
    releaseId: release.id,
    type: "published",
    from: release.status,
    to: "published",
    actor: opts.actor,
    outcome: "published",
    now: opts.now,
  });
  return { canonicalPressReleaseId };
}

/** A release that needs a person, approved by one exactly as it is now and waiting for its time. */
export function isApprovedForScheduler(
  release: Pick<PressRelease, "status" | "reviewFingerprint" | "approvedReviewFingerprint">,
  actor: Actor,
): boolean {
  return (
    actor.type === "scheduler" &&
    release.status === "scheduled" &&
    !!release.reviewFingerprint &&
    release.approvedReviewFingerprint === release.reviewFingerprint
  );
}

/**
 * A stale classification schedules a new check with routing, after the refused attempt. A stored
 * fingerprint that fell behind the release is brought up to date first (which sends the release
 * back to its check and asks for one itself); a scheduled release whose check is not of its
 * current version goes back to review first (the check runs only there), else it would wait
 * scheduled for a check that never runs.
 */
export async function scheduleReviewAfterStale(err: unknown, releaseId: number, now: Date): Promise<void> {
  if (!(err instanceof StaleClassificationException)) return;
  if (await refreshAfterRefusal(releaseId, now)) return;
  if (await sendScheduledBackToCheck(releaseId, now)) return;
  await requestAutomaticCheck(releaseId, "stale", now);
}

/** publish() of spec 3.1: all checks run after the row lock, in the transaction that publishes. */
export async function publishRelease(opts: PublishOptions): Promise<{ canonicalPressReleaseId: number | null }> {
  const now = opts.now ?? new Date();
  try {
    return await db.$transaction(async (tx) => publishLocked(tx, await lockRelease(tx, opts.releaseId), { ...opts, now }));
  } catch (err) {
    await scheduleReviewAfterStale(err, opts.releaseId, now);
    throw err;
  }
}
