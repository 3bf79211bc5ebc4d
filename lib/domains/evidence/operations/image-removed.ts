import { db, type Tx } from "@/lib/core/db/client";
import { ArchiveJobError, IMAGE_SUBJECT, type ArchiveJobSubject } from "../jobs";
import { recordRemovalEntry } from "../removal-entry";
import type { ArchiveOperationHandler } from "./types";

// image_removed: the retry path for a removal whose entry was not written with it (see
// record-image-removal.ts). The row knows when and which bytes, not why or by whom: those stay
// null and recordedBy says the job wrote it. An image no longer removed (restored) has nothing
// to document.

const gone = (imageId: number) => new ArchiveJobError(`subject gone: ${IMAGE_SUBJECT} ${imageId}`);

export const imageRemovedOperation: ArchiveOperationHandler<null> = {
  async prepare({ subjectId }: ArchiveJobSubject) {
    if (!(await db.pressReleaseImage.count({ where: { id: subjectId } }))) throw gone(subjectId);
    return null;
  },

  async record(tx: Tx, { subjectId }: ArchiveJobSubject) {
    const image = await tx.pressReleaseImage.findUnique({
      where: { id: subjectId },
      select: { id: true, pressReleaseId: true, bytesSha256: true, deletedAt: true },
    });
    if (!image) throw gone(subjectId);
    if (!image.deletedAt) return 0;
    const { created } = await recordRemovalEntry(tx, {
      imageId: image.id,
      pressReleaseId: image.pressReleaseId,
      bytesSha256: image.bytesSha256,
      removedAt: image.deletedAt,
      reason: null,
      actorUserId: null,
      legalRequestId: null,
      recordedBy: "archive_job",
    });
    return created ? 1 : 0;
  },
};
