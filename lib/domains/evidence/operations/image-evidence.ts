import { createHash } from "node:crypto";
import { db, type DbOrTx, type Tx } from "@/lib/core/db/client";
import type { ArchiveEntryKind, Prisma } from "@/lib/generated/prisma/client";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { ArchiveJobError, IMAGE_SUBJECT, type ArchiveJobSubject } from "../jobs";
import { recordArchiveEntries, type ArchiveEntryInput } from "../record-archive-entry";
import type { ArchiveOperationHandler } from "./types";

// image_evidence: the archive holds one entry for the stored original, one per snapshot row and
// one per rights confirmation of an image. Each is recorded once, recognised by kind, subject
// and a payload key (the original's SHA-256, the snapshot id, the confirmation id), so running
// the job again records only what is new.

const KINDS: ArchiveEntryKind[] = ["image_original", "image_snapshot", "rights_confirmation"];

const entryKey = (kind: ArchiveEntryKind, id: string | number) => `${kind}:${id}`;

async function recordedKeys(client: DbOrTx, imageId: number): Promise<Set<string>> {
  const rows = await client.archiveEntry.findMany({
    where: { subjectType: IMAGE_SUBJECT, subjectId: imageId, kind: { in: KINDS } },
    select: { kind: true, payload: true },
  });
  const keys = new Set<string>();
  for (const { kind, payload } of rows) {
    const p = (payload ?? {}) as Record<string, unknown>;
    const id = kind === "image_original" ? p["bytesSha256"] : kind === "image_snapshot" ? p["snapshotId"] : p["confirmationId"];
    if (typeof id === "string" || typeof id === "number") keys.add(entryKey(kind, id));
  }
  return keys;
}

const gone = (imageId: number) => new ArchiveJobError(`subject gone: ${IMAGE_SUBJECT} ${imageId}`);

interface Prepared {
  originalPath: string | null;
  bytesSha256: string;
  /** The stored original was read and matched bytes_sha256 (false when its entry existed already). */
  originalVerified: boolean;
}

/** The stored original must exist and hash to bytes_sha256, or there is nothing to vouch for. */
async function verifyOriginal(path: string, expected: string): Promise<void> {
  const file = await getFileStorage().get(path);
  if (!file) throw new ArchiveJobError(`original missing in storage: ${path}`);
  const actual = createHash("sha256").update(file.bytes).digest("hex");
  if (actual !== expected)
    throw new ArchiveJobError(`original ${path} does not match bytes_sha256: stored file hashes to ${actual}, expected ${expected}`);
}

export const imageEvidenceOperation: ArchiveOperationHandler<Prepared> = {
  async prepare({ subjectId }: ArchiveJobSubject) {
    const image = await db.pressReleaseImage.findUnique({ where: { id: subjectId }, select: { originalPath: true, bytesSha256: true } });
    if (!image) throw gone(subjectId);
    let originalVerified = false;
    if (image.originalPath && !(await recordedKeys(db, subjectId)).has(entryKey("image_original", image.bytesSha256))) {
      await verifyOriginal(image.originalPath, image.bytesSha256);
      originalVerified = true;
    }
    return { originalPath: image.originalPath, bytesSha256: image.bytesSha256, originalVerified };
  },

  async record(tx: Tx, { subjectId }: ArchiveJobSubject, prepared: Prepared) {
    const image = await tx.pressReleaseImage.findUnique({
      where: { id: subjectId },
      select: {
        id: true,
        pressReleaseId: true,
        originalPath: true,
        bytesSha256: true,
        mimeType: true,
        width: true,
        height: true,
        sizeBytes: true,
      },
    });
    if (!image) throw gone(subjectId);
    if (image.originalPath !== prepared.originalPath || image.bytesSha256 !== prepared.bytesSha256) {
      throw new ArchiveJobError(`image ${image.id} changed while it was archived; the next run archives the new state`);
    }
    const have = await recordedKeys(tx, image.id);
    const subject = { subjectType: IMAGE_SUBJECT, subjectId: image.id };
    const entries: ArchiveEntryInput[] = [];

    if (image.originalPath && !have.has(entryKey("image_original", image.bytesSha256))) {
      if (!prepared.originalVerified) throw new ArchiveJobError(`original of image ${image.id} was not verified; retried on the next run`);
      entries.push({
        ...subject,
        kind: "image_original",
        payload: {
          imageId: image.id,
          releaseId: image.pressReleaseId,
          bytesSha256: image.bytesSha256,
          mimeType: image.mimeType,
          width: image.width,
          height: image.height,
          sizeBytes: image.sizeBytes,
        },
        storagePath: image.originalPath,
      });
    }

    const snapshots = await tx.pressReleaseImageSnapshot.findMany({ where: { imageId: image.id }, orderBy: { id: "asc" } });
    for (const s of snapshots) {
      if (have.has(entryKey("image_snapshot", s.id))) continue;
      entries.push({
        ...subject,
        kind: "image_snapshot",
        payload: {
          snapshotId: s.id,
          imageId: image.id,
          variant: s.variant,
          bytesHash: s.bytesHash,
          metadataHash: s.metadataHash,
          coverPath: s.coverPath,
          coverSha256: s.coverSha256,
          jsonSha256: s.jsonSha256,
          takenAt: s.createdAt.toISOString(),
        },
        storagePath: s.jsonPath,
      });
    }

    // Never the IP HMAC: the archive proves who confirmed what, not from where.
    const confirmations = await tx.imageRightsConfirmation.findMany({ where: { imageId: image.id }, orderBy: { id: "asc" } });
    for (const c of confirmations) {
      if (have.has(entryKey("rights_confirmation", c.id))) continue;
      entries.push({
        ...subject,
        kind: "rights_confirmation",
        payload: {
          confirmationId: c.id,
          imageId: image.id,
          imageSha256: c.imageSha256,
          legalTextKey: c.legalTextKey,
          confirmedAt: c.confirmedAt.toISOString(),
          source: c.source,
          userId: c.userId,
          confirmedFor: { type: c.subjectType, id: c.subjectId },
          // Spec 2.4: the precheck snapshot is part of the confirmation record (null: no precheck ran).
          precheckSnapshot: (c.precheckSnapshot ?? null) as Prisma.InputJsonValue | null,
        },
      });
    }
    return (await recordArchiveEntries(tx, image.pressReleaseId, entries)).length;
  },
};
