import type { Tx } from "@/lib/core/db/client";
import type { ArchiveEntry } from "@/lib/generated/prisma/client";
import { IMAGE_SUBJECT } from "./jobs";
import { enqueueArchiveJob } from "./pending-jobs";
import { recordRemovalEntry } from "./removal-entry";

export interface RecordImageRemoval {
  imageId: number;
  pressReleaseId: number;
  bytesSha256: string;
  reason: string;
  actorUserId: number | null;
  legalRequestId?: number | null;
  /** The removal time; defaults to the image's deleted_at as this transaction sees it, else now. */
  removedAt?: Date;
}

/**
 * Documents the removal of an image in the remover's own transaction (call it after setting
 * deleted_at): the signed image_removed entry with reason, actor and legal request, written
 * with the removal or not at all. It also opens an image_evidence job for the image, so the
 * original, snapshots and confirmations the removal leaves behind are archived even when no
 * earlier job did. A second call for the same removal returns the first entry.
 */
export async function recordImageRemoval(tx: Tx, opts: RecordImageRemoval): Promise<ArchiveEntry> {
  const removedAt =
    opts.removedAt ??
    (await tx.pressReleaseImage.findUnique({ where: { id: opts.imageId }, select: { deletedAt: true } }))?.deletedAt ??
    new Date();
  const { entry } = await recordRemovalEntry(tx, {
    imageId: opts.imageId,
    pressReleaseId: opts.pressReleaseId,
    bytesSha256: opts.bytesSha256,
    removedAt,
    reason: opts.reason,
    actorUserId: opts.actorUserId,
    legalRequestId: opts.legalRequestId ?? null,
    recordedBy: "removal",
  });
  await enqueueArchiveJob(tx, {
    operation: "image_evidence",
    subjectType: IMAGE_SUBJECT,
    subjectId: opts.imageId,
    pressReleaseId: opts.pressReleaseId,
  });
  return entry;
}
