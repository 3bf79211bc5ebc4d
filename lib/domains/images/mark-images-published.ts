import type { Tx } from "@/lib/core/db/client";
import { enqueueArchiveJob } from "@/lib/domains/evidence/pending-jobs";
import { deliverabilitySelect, isPubliclyDeliverable } from "./deliverable";

/**
 * The moment an image first reaches the public (its release published, or a held image cleared
 * on a published release): published_ever_at is set in the same transaction, and its evidence
 * (original, snapshots, confirmations) is queued for the archive. From now on removing it keeps
 * the original (spec 2.4). Returns the ids that became public.
 */
export async function markImagesPublished(tx: Tx, releaseId: number, now: Date): Promise<number[]> {
  const candidates = await tx.pressReleaseImage.findMany({
    where: { pressReleaseId: releaseId, publishedEverAt: null, deletedAt: null },
    select: { id: true, ...deliverabilitySelect },
  });
  const ids = candidates.filter(isPubliclyDeliverable).map((c) => c.id);
  if (!ids.length) return [];
  await tx.pressReleaseImage.updateMany({ where: { id: { in: ids }, publishedEverAt: null }, data: { publishedEverAt: now } });
  for (const id of ids)
    await enqueueArchiveJob(tx, {
      operation: "image_evidence",
      subjectType: "press_release_image",
      subjectId: id,
      pressReleaseId: releaseId,
    });
  return ids;
}
