import { assertCan } from "@/lib/domains/accounts/permissions";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { changeReleaseImages } from "@/lib/domains/releases/review-images";
import { markImagesPublished } from "@/lib/domains/images/mark-images-published";
import { emitImageWebhook } from "@/lib/domains/webhooks/account-events";

/**
 * A person decides on an image the precheck held back (spec 3.1): released, it may go public
 * (now, when its release is published); rejected, it stays hidden for good (withheld_at). The
 * note is required; the decision is an `image_precheck_review` audit row. A released image is
 * part of what the release's check must have seen (its review fingerprint).
 */
export async function decideWithheldImage(opts: {
  imageId: number;
  adminUserId: number;
  decision: "release" | "reject";
  note: string;
  now?: Date;
}): Promise<void> {
  const now = opts.now ?? new Date();
  const note = opts.note.trim();
  if (note.length < 3)
    throw new AppError("validation_failed", "A note is required for the decision.", undefined, [{ path: "note", message: "is required" }]);
  if (note.length > 2000)
    throw new AppError("validation_failed", "The note is too long (2,000 characters at most).", undefined, [
      { path: "note", message: "too long" },
    ]);
  if (!isRecordId(opts.imageId)) throw notFound("Image not found.");
  const found = await db.pressReleaseImage.findFirst({ where: { id: opts.imageId }, select: { pressReleaseId: true } });
  if (!found) throw notFound("Image not found.");
  await changeReleaseImages(found.pressReleaseId, { actor: { type: "admin", userId: opts.adminUserId }, now }, async (tx, release) => {
    await assertCan(opts.adminUserId, "press-releases:publish", tx);
    // Conditional: a second decision on the same image finds it no longer held.
    const changed = await tx.pressReleaseImage.updateMany({
      where: { id: opts.imageId, precheckWithheldAt: { not: null }, withheldAt: null, deletedAt: null },
      data: opts.decision === "release" ? { precheckWithheldAt: null } : { withheldAt: now },
    });
    if (!changed.count) throw new AppError("conflict", "This image is no longer waiting for a decision.");
    const image = await tx.pressReleaseImage.findUniqueOrThrow({ where: { id: opts.imageId }, select: { bytesSha256: true } });
    await tx.kiAudit.create({
      data: {
        pressReleaseId: release.id,
        imageId: opts.imageId,
        type: "image_precheck_review",
        contentHash: image.bytesSha256,
        result: { decision: opts.decision },
        note,
        reviewerUserId: opts.adminUserId,
      },
    });
    await emitImageWebhook(tx, {
      companyId: release.companyId,
      releaseId: release.id,
      imageId: opts.imageId,
      type: opts.decision === "release" ? "image.released" : "image.withheld",
      reason: opts.decision === "release" ? null : "rejected",
      now,
    });
    if (opts.decision === "release" && release.status === "published") {
      await markImagesPublished(tx, release.id, now);
      await bumpPublicCacheGeneration(tx);
    }
    await recordActivity(
      {
        actorUserId: opts.adminUserId,
        type: ACTIVITY.imagePrecheckReviewed,
        subjectType: "press_release_image",
        subjectId: opts.imageId,
        result: opts.decision,
        reason: note,
      },
      tx,
    );
  });
}
