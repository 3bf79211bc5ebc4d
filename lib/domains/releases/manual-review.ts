import { assertCan } from "@/lib/domains/accounts/permissions";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { creditLine } from "@/lib/domains/images/credit";
import { deliveredOnPublicationWhere } from "@/lib/domains/images/deliverable";
import { AppError } from "@/lib/core/errors/errors";
import { recordLifecycleEvent } from "./lifecycle/record-lifecycle-event";
import { lockRelease } from "./lock";
import { publishLocked, scheduleReviewAfterStale } from "./publish-release";
import { isAcceptableText, UNACCEPTABLE_TEXT_MESSAGE } from "@/lib/core/input/text";

/**
 * The admin queue "check needed": last allowed red, yellow in the manual queue, and releases that
 * go to a human. Its images are exactly those the approval binds (the review fingerprint's: what
 * a publication would deliver, lib/domains/images/deliverable.ts), each with the credit line readers see.
 */
/** Releases waiting for a person's decision: after the last allowed red, or in the manual queue. */
export const checkNeededWhere = {
  status: "in_review",
  deletedAt: null,
  OR: [{ reviewFlaggedAt: { not: null } }, { manualQueueAt: { not: null } }],
} satisfies Prisma.PressReleaseWhereInput;

export async function listCheckNeeded() {
  const releases = await db.pressRelease.findMany({
    where: checkNeededWhere,
    orderBy: [{ updatedAt: "asc" }],
    include: {
      company: { select: { name: true } },
      category: { select: { nameDe: true } },
      images: {
        where: deliveredOnPublicationWhere,
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { id: true, alt: true, customerStatement: true, portalLabel: true },
      },
      classifications: { where: { discardedAt: null }, orderBy: { createdAt: "desc" } },
    },
    take: 200,
  });
  return releases.map(({ images, ...r }) => ({ ...r, images: images.map((i) => ({ id: i.id, alt: i.alt, credit: creditLine(i) })) }));
}

function assertAwaitingHuman(release: { status: string; reviewFlaggedAt: Date | null; manualQueueAt: Date | null }) {
  if (release.status !== "in_review" || (!release.reviewFlaggedAt && !release.manualQueueAt)) {
    throw new AppError("conflict", "This release is not waiting for a manual decision.");
  }
}

/**
 * "Release" in the check-needed queue: publishes as the admin, or moves to scheduled when its
 * time lies ahead; the scheduler then publishes exactly what was approved here (any later
 * change sends it back to a person). The approval names the review fingerprint of what the
 * admin saw: a release that changed since is refused. From now on every submission goes to a
 * person.
 */
export async function approveRelease(opts: {
  releaseId: number;
  adminUserId: number;
  reviewFingerprint: string;
  acknowledgeQuotaWarning?: boolean;
  comment?: string;
  now?: Date;
}) {
  const now = opts.now ?? new Date();
  await assertCan(opts.adminUserId, "press-releases:publish");
  const actor = { type: "admin" as const, userId: opts.adminUserId };
  try {
    return await db.$transaction(async (tx) => {
      const release = await lockRelease(tx, opts.releaseId);
      assertAwaitingHuman(release);
      if (!release.reviewFingerprint || release.reviewFingerprint !== opts.reviewFingerprint) {
        throw new AppError("conflict", "The release changed after it was opened for review. Look at it again before approving.");
      }
      await tx.pressRelease.update({
        where: { id: release.id },
        data: { manualReviewRequiredAt: release.manualReviewRequiredAt ?? now, approvedReviewFingerprint: release.reviewFingerprint },
      });
      if (release.scheduledAt && release.scheduledAt > now) {
        await tx.pressRelease.update({
          where: { id: release.id },
          data: { status: "scheduled", reviewFlaggedAt: null, manualQueueAt: null },
        });
        await recordLifecycleEvent(tx, {
          releaseId: release.id,
          type: "scheduled",
          from: "in_review",
          to: "scheduled",
          actor,
          outcome: "approved",
          comment: opts.comment,
          now,
        });
        return { status: "scheduled" as const };
      }
      await publishLocked(
        tx,
        { ...release, manualReviewRequiredAt: release.manualReviewRequiredAt ?? now },
        { actor, acknowledgeQuotaWarning: opts.acknowledgeQuotaWarning ?? false, now },
      );
      return { status: "published" as const };
    });
  } catch (err) {
    await scheduleReviewAfterStale(err, opts.releaseId, now);
    throw err;
  }
}

/** "Return with a comment": back to the customer as rejected; the comment reaches the author by mail. */
export async function returnRelease(opts: { releaseId: number; adminUserId: number; comment: string; now?: Date }) {
  const now = opts.now ?? new Date();
  const comment = opts.comment.trim();
  if (!comment)
    throw new AppError("validation_failed", "A comment is required when returning a release.", undefined, [
      { path: "comment", message: "Required." },
    ]);
  if (!isAcceptableText(comment))
    throw new AppError("validation_failed", "The comment cannot be stored.", undefined, [
      { path: "comment", message: UNACCEPTABLE_TEXT_MESSAGE },
    ]);
  await assertCan(opts.adminUserId, "press-releases:publish");
  const actor = { type: "admin" as const, userId: opts.adminUserId };
  await db.$transaction(async (tx) => {
    const release = await lockRelease(tx, opts.releaseId);
    assertAwaitingHuman(release);
    await tx.pressRelease.update({
      where: { id: release.id },
      data: {
        status: "rejected",
        manualReviewRequiredAt: release.manualReviewRequiredAt ?? now,
        reviewFlaggedAt: null,
        manualQueueAt: null,
      },
    });
    await recordLifecycleEvent(tx, {
      releaseId: release.id,
      type: "rejected",
      from: "in_review",
      to: "rejected",
      actor,
      outcome: "returned",
      comment,
      data: { comment },
      now,
    });
  });
}
