import type { DbOrTx } from "@/lib/core/db/client";
import type { ArchiveEntry } from "@/lib/generated/prisma/client";
import { IMAGE_SUBJECT } from "./jobs";
import { recordArchiveEntry } from "./record-archive-entry";

// The image_removed entry (spec 2.4: "An entry of kind image_removed documents removal"), shared
// by the remover (recordImageRemoval, with reason and actor) and the retry job (from the row).
// One entry per removal: recognised by the image and its removal time.

export interface ImageRemovalFacts {
  imageId: number;
  pressReleaseId: number;
  bytesSha256: string;
  removedAt: Date;
  reason: string | null;
  actorUserId: number | null;
  legalRequestId: number | null;
  /** Who wrote the entry: the removal itself, or the archive job filling in a missing one. */
  recordedBy: "removal" | "archive_job";
}

/** The entry of this removal when one exists already. */
export async function findRemovalEntry(client: DbOrTx, imageId: number, removedAt: Date): Promise<ArchiveEntry | null> {
  const entries = await client.archiveEntry.findMany({
    where: { kind: "image_removed", subjectType: IMAGE_SUBJECT, subjectId: imageId },
    orderBy: { id: "asc" },
  });
  const at = removedAt.toISOString();
  return entries.find((e) => (e.payload as Record<string, unknown> | null)?.["removedAt"] === at) ?? null;
}

/** Records the removal unless its entry exists; returns the entry either way. */
export async function recordRemovalEntry(client: DbOrTx, facts: ImageRemovalFacts): Promise<{ entry: ArchiveEntry; created: boolean }> {
  const existing = await findRemovalEntry(client, facts.imageId, facts.removedAt);
  if (existing) return { entry: existing, created: false };
  const entry = await recordArchiveEntry(client, facts.pressReleaseId, {
    kind: "image_removed",
    subjectType: IMAGE_SUBJECT,
    subjectId: facts.imageId,
    legalRequestId: facts.legalRequestId,
    payload: {
      imageId: facts.imageId,
      releaseId: facts.pressReleaseId,
      bytesSha256: facts.bytesSha256,
      removedAt: facts.removedAt.toISOString(),
      reason: facts.reason,
      actorUserId: facts.actorUserId,
      recordedBy: facts.recordedBy,
    },
  });
  return { entry, created: true };
}
