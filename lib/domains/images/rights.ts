import type { DbOrTx } from "@/lib/core/db/client";
import { ImageRightsConfirmationRequiredException } from "@/lib/core/errors/errors";

/**
 * Every v2-form image of a release needs a rights confirmation bound to its id and its current
 * bytes (spec 3.1 publish precondition). Returns the ids that lack one.
 */
export async function imagesLackingConfirmation(client: DbOrTx, pressReleaseId: number): Promise<number[]> {
  const images = await client.pressReleaseImage.findMany({
    where: { pressReleaseId, formVersion: "v2", deletedAt: null },
    select: { id: true, bytesSha256: true },
  });
  if (!images.length) return [];
  const confirmations = await client.imageRightsConfirmation.findMany({
    where: { OR: images.map((i) => ({ imageId: i.id, imageSha256: i.bytesSha256 })) },
    select: { imageId: true },
  });
  const confirmed = new Set(confirmations.map((c) => c.imageId));
  return images.filter((i) => !confirmed.has(i.id)).map((i) => i.id);
}

export async function assertImagesConfirmed(client: DbOrTx, pressReleaseId: number): Promise<void> {
  const missing = await imagesLackingConfirmation(client, pressReleaseId);
  if (missing.length) throw new ImageRightsConfirmationRequiredException(undefined, { imageIds: missing });
}
