import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { lockRelease } from "@/lib/domains/releases/lock";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { assertMayChangeImages, type ImageActor } from "./image-access";

/**
 * Order and cover of a release's images (issue: "order and cover choice"). `order` names every
 * current image exactly once; the cover is one of them or none.
 */
export async function arrangeReleaseImages(
  opts: ImageActor & { releaseId: number; order: number[]; coverImageId: number | null },
): Promise<void> {
  if (!opts.asAdmin) await ownReleaseOrThrow(opts.userId, opts.releaseId);
  await db.$transaction(async (tx) => {
    const release = await lockRelease(tx, opts.releaseId);
    await assertMayChangeImages(tx, opts, release);
    const current = await tx.pressReleaseImage.findMany({ where: { pressReleaseId: release.id, deletedAt: null }, select: { id: true } });
    const ids = new Set(current.map((i) => i.id));
    if (opts.order.length !== ids.size || new Set(opts.order).size !== ids.size || opts.order.some((id) => !ids.has(id))) {
      throw new AppError("validation_failed", "The order must name every image of the release exactly once.", undefined, [
        { path: "order", message: "must list the release's images" },
      ]);
    }
    if (opts.coverImageId !== null && !ids.has(opts.coverImageId)) throw notFound("Image not found.");
    // The one-cover index (prisma/sql/image-legal-texts.sql) forbids two covers even for a moment.
    await tx.pressReleaseImage.updateMany({ where: { pressReleaseId: release.id, isCover: true }, data: { isCover: false } });
    for (const [position, id] of opts.order.entries()) {
      await tx.pressReleaseImage.update({ where: { id }, data: { position, isCover: id === opts.coverImageId } });
    }
    if (release.status === "published") await bumpPublicCacheGeneration(tx);
  });
}
