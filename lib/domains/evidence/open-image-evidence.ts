import { assertCan } from "@/lib/domains/accounts/permissions";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { statedPurpose } from "./evidence-purpose";

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/avif": "avif" };

/**
 * Admin access to an image's evidence (spec 4.3): the original or the version as published,
 * only with a stated purpose, logged as evidence.accessed (spec 4.3: EvidenceAccess). Evidence of a removed image (or of a
 * deleted release) needs compliance:manage. The caller never learns where the file is stored.
 */
export async function openImageEvidence(opts: {
  imageId: number;
  adminUserId: number;
  purpose: string;
  version: "original" | "published";
  releaseId?: number;
}): Promise<{ bytes: Buffer; contentType: string; filename: string }> {
  const purpose = statedPurpose(opts.purpose);
  await assertCan(opts.adminUserId, "press-releases:publish");
  if (!isRecordId(opts.imageId)) throw notFound("Image not found.");
  const image = await db.pressReleaseImage.findUnique({
    where: { id: opts.imageId },
    select: {
      id: true,
      pressReleaseId: true,
      originalPath: true,
      mimeType: true,
      deletedAt: true,
      pressRelease: { select: { deletedAt: true } },
      snapshots: { where: { variant: "cover" }, orderBy: { createdAt: "desc" }, take: 1, select: { coverPath: true } },
    },
  });
  if (!image || (opts.releaseId !== undefined && opts.releaseId !== image.pressReleaseId)) throw notFound("Image not found.");
  if (image.deletedAt || image.pressRelease.deletedAt) await assertCan(opts.adminUserId, "compliance:manage");
  const key = opts.version === "original" ? image.originalPath : image.snapshots[0]?.coverPath;
  const file = key ? await getFileStorage().get(key) : null;
  if (!file)
    throw notFound(
      opts.version === "original" ? "The original of this image is no longer kept." : "No published version of this image is kept.",
    );
  await recordActivity({
    actorUserId: opts.adminUserId,
    type: ACTIVITY.evidenceAccessed,
    subjectType: "press_release_image",
    subjectId: image.id,
    result: opts.version,
    reason: purpose,
  });
  const contentType = opts.version === "original" ? image.mimeType : "image/jpeg";
  return { bytes: file.bytes, contentType, filename: `image-${image.id}-${opts.version}.${EXTENSIONS[contentType] ?? "bin"}` };
}
