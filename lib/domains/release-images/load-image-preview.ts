import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { assertMayViewImages, type ImageActor } from "@/lib/domains/release-images/image-access";
import { parseVariants } from "@/lib/domains/images/variants";

/**
 * A small JPEG of an image for the people who manage its release, whatever its public state
 * (held, awaiting confirmation). Anyone else gets 404, as if it did not exist.
 */
export async function loadImagePreview(
  opts: ImageActor & { imageId: number; releaseId?: number },
): Promise<{ bytes: Buffer; contentType: string }> {
  if (!isRecordId(opts.imageId)) throw notFound("Image not found.");
  const image = await db.pressReleaseImage.findFirst({
    where: { id: opts.imageId, pressRelease: { deletedAt: null } },
    select: { pressReleaseId: true, variants: true, displayPath: true, pressRelease: { select: { companyId: true } } },
  });
  if (!image || (opts.releaseId !== undefined && opts.releaseId !== image.pressReleaseId)) throw notFound("Image not found.");
  try {
    await assertMayViewImages(db, opts, image.pressRelease);
  } catch {
    throw notFound("Image not found.");
  }
  const smallest = parseVariants(image.variants)
    .filter((v) => v.format === "jpeg")
    .sort((a, b) => a.width - b.width)[0];
  const file = await getFileStorage().get(smallest?.key ?? image.displayPath);
  if (!file) throw notFound("Image not found.");
  return { bytes: file.bytes, contentType: "image/jpeg" };
}
