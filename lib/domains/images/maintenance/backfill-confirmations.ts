import { db } from "@/lib/core/db/client";

/**
 * Legacy images that were published before confirmations were recorded get one with source
 * `backfill`, the old wording img-confirm-v1, bound to their id and bytes. No client address is
 * known: ip_hmac "none" with key version 0 says so (never an invented one). Insert-only, so a
 * second run finds nothing left to do.
 */
export async function backfillConfirmations(
  opts: { dryRun?: boolean; limit?: number } = {},
): Promise<{ candidates: number; inserted: number }> {
  const images = await db.pressReleaseImage.findMany({
    where: { formVersion: "v1", publishedEverAt: { not: null }, confirmations: { none: {} } },
    select: { id: true, bytesSha256: true, pressReleaseId: true, uploadedByUserId: true },
    orderBy: { id: "asc" },
    take: opts.limit ?? 10_000,
  });
  if (opts.dryRun || !images.length) return { candidates: images.length, inserted: 0 };
  const { count } = await db.imageRightsConfirmation.createMany({
    data: images.map((i) => ({
      subjectType: "press_release",
      subjectId: i.pressReleaseId,
      imageId: i.id,
      imageSha256: i.bytesSha256,
      legalTextKey: "img-confirm-v1",
      userId: i.uploadedByUserId,
      ipHmac: "none",
      ipHmacKeyVersion: 0,
      source: "backfill",
    })),
  });
  return { candidates: images.length, inserted: count };
}
