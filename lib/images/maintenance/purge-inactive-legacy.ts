import { db } from "@/lib/db/client";
import { getFileStorage } from "@/lib/storage/file-storage";

/** Evidence of a legacy image is kept three years after its release left the public (§ 195 BGB). */
export const LEGACY_RETENTION_DAYS = 3 * 365;

/**
 * Originals of legacy (form v1) images whose release was deleted or removed from the public
 * more than the retention period ago, and that no legal hold or legal request keeps. Dry-run by
 * default (spec 4.7): only with `execute` are originals deleted and original_path cleared;
 * rows, snapshots and archive entries stay.
 */
export async function purgeInactiveLegacyImages(opts: { execute?: boolean; now?: Date } = {}): Promise<{ candidates: { imageId: number; releaseId: number }[]; purged: number }> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - LEGACY_RETENTION_DAYS * 86_400_000);
  const images = await db.pressReleaseImage.findMany({
    where: {
      formVersion: "v1",
      originalPath: { not: null },
      pressRelease: { OR: [{ deletedAt: { lt: cutoff } }, { goneAt: { lt: cutoff } }], legalRequests: { none: { status: { notIn: ["rejected", "withdrawn", "executed"] } } } },
    },
    select: { id: true, pressReleaseId: true, originalPath: true },
    orderBy: { id: "asc" },
    take: 5_000,
  });
  const held = new Set(
    (await db.archiveEntry.findMany({ where: { subjectType: "press_release_image", subjectId: { in: images.map((i) => i.id) }, holdUntil: { gt: now } }, select: { subjectId: true } })).map((e) => e.subjectId),
  );
  const candidates = images.filter((i) => !held.has(i.id));
  if (!opts.execute) return { candidates: candidates.map((c) => ({ imageId: c.id, releaseId: c.pressReleaseId })), purged: 0 };
  let purged = 0;
  for (const image of candidates) {
    const cleared = await db.pressReleaseImage.updateMany({ where: { id: image.id, originalPath: image.originalPath }, data: { originalPath: null } });
    if (cleared.count) {
      await getFileStorage().delete(image.originalPath!);
      purged++;
    }
  }
  return { candidates: candidates.map((c) => ({ imageId: c.id, releaseId: c.pressReleaseId })), purged };
}
