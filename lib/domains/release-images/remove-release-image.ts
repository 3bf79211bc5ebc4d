import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { bestEffort } from "@/lib/domains/activity/best-effort";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { db, type Tx } from "@/lib/core/db/client";
import { recordImageRemoval } from "@/lib/domains/evidence/record-image-removal";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { changeReleaseImages } from "@/lib/domains/releases/review-images";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { eraseUnpublishedImages } from "@/lib/domains/images/erase-unpublished-images";
import { assertMayChangeImages, releaseActorOf, type ImageActor } from "./image-access";
import { publicFileKeys } from "@/lib/domains/images/image-files";

export interface RemoveReleaseImageOptions extends ImageActor {
  imageId: number;
  /** When given (the API path names it), the image must belong to this release. */
  releaseId?: number;
  reason?: string | null;
  legalRequestId?: number | null;
  now?: Date;
}

/**
 * The remover (spec 4.2): an image that never reached the public is erased entirely, original
 * and confirmations included; one that was public is soft-deleted, its original and snapshots
 * kept as evidence with an `image_removed` archive entry, only its public files deleted. What a
 * publication would show changed: a release in review or scheduled goes back to its check.
 */
export async function removeReleaseImage(opts: RemoveReleaseImageOptions): Promise<{ erased: boolean }> {
  const now = opts.now ?? new Date();
  if (!isRecordId(opts.imageId)) throw notFound("Image not found.");
  const found = await db.pressReleaseImage.findFirst({ where: { id: opts.imageId, deletedAt: null }, select: { pressReleaseId: true } });
  if (!found || (opts.releaseId !== undefined && opts.releaseId !== found.pressReleaseId)) throw notFound("Image not found.");
  // Outside the newsroom an image id names nothing (404, never 403).
  if (!opts.asAdmin) await ownReleaseOrThrow(opts.userId, found.pressReleaseId);
  const { erased, files } = await changeReleaseImages(found.pressReleaseId, { actor: releaseActorOf(opts), now }, async (tx, release) => {
    await assertMayChangeImages(tx, opts, release);
    // Re-read under the release lock: a parallel removal of the same image found nothing left.
    const image = await tx.pressReleaseImage.findFirst({ where: { id: opts.imageId, pressReleaseId: release.id, deletedAt: null } });
    if (!image) throw notFound("Image not found.");
    let result: { erased: boolean; files: string[] };
    if (!image.publishedEverAt) {
      result = { erased: true, files: await eraseUnpublishedImages(tx, [image.id], now) };
    } else {
      await tx.pressReleaseImage.update({ where: { id: image.id }, data: { deletedAt: now, isCover: false } });
      await recordImageRemoval(tx, {
        imageId: image.id,
        pressReleaseId: release.id,
        bytesSha256: image.bytesSha256,
        reason: opts.reason ?? (opts.asAdmin ? "removed by the service" : "removed by the newsroom"),
        actorUserId: opts.userId,
        legalRequestId: opts.legalRequestId ?? null,
        removedAt: now,
      });
      result = { erased: false, files: publicFileKeys(image) };
    }
    if (image.isCover) await promoteNextCover(tx, release.id);
    if (release.status === "published") await bumpPublicCacheGeneration(tx);
    await recordActivity(
      {
        actorUserId: opts.userId,
        type: ACTIVITY.imageRemoved,
        subjectType: "press_release_image",
        subjectId: image.id,
        result: result.erased ? "erased" : "soft_deleted",
        reason: opts.reason ?? undefined,
      },
      tx,
    );
    return result;
  });
  await bestEffort("removal of an image's files", () => Promise.all(files.map((k) => getFileStorage().delete(k))));
  return { erased };
}

/** The first remaining image becomes the cover when the cover goes. */
async function promoteNextCover(tx: Tx, releaseId: number): Promise<void> {
  const next = await tx.pressReleaseImage.findFirst({
    where: { pressReleaseId: releaseId, deletedAt: null },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  if (next) await tx.pressReleaseImage.update({ where: { id: next.id }, data: { isCover: true } });
}
