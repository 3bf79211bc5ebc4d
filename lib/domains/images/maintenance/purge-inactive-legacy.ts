import { db } from "@/lib/core/db/client";
import { evidenceKeptBy } from "@/lib/domains/evidence/retention";
import { getFileStorage } from "@/lib/core/storage/file-storage";

/** Evidence of a legacy image is kept three years after its release left the public (§ 195 BGB). */
export const LEGACY_RETENTION_DAYS = 3 * 365;

/**
 * Originals of legacy (form v1) images whose release was deleted or removed from the public
 * more than the retention period ago, and whose evidence nothing keeps: the archive's one rule
 * (lib/domains/evidence/retention.ts, evidenceKeptBy): a hold in force on any entry of the release, its
 * images or its legal requests, or an open legal request about it. Dry-run by default (spec 4.7):
 * only with `execute` are originals deleted and original_path cleared, release by release after
 * the rule was asked again under the release's lock (the lock a hold is placed under); rows,
 * snapshots and archive entries stay.
 */
export async function purgeInactiveLegacyImages(
  opts: { execute?: boolean; now?: Date } = {},
): Promise<{ candidates: { imageId: number; releaseId: number }[]; purged: number }> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - LEGACY_RETENTION_DAYS * 86_400_000);
  const images = await db.pressReleaseImage.findMany({
    where: {
      formVersion: "v1",
      originalPath: { not: null },
      pressRelease: { OR: [{ deletedAt: { lt: cutoff } }, { goneAt: { lt: cutoff } }] },
    },
    select: { id: true, pressReleaseId: true, originalPath: true },
    orderBy: { id: "asc" },
    take: 5_000,
  });
  const byRelease = new Map<number, typeof images>();
  for (const image of images) byRelease.set(image.pressReleaseId, [...(byRelease.get(image.pressReleaseId) ?? []), image]);
  const kept = new Set<number>();
  for (const releaseId of byRelease.keys()) if (await evidenceKeptBy(db, releaseId, now)) kept.add(releaseId);
  const listed = images.filter((i) => !kept.has(i.pressReleaseId)).map((c) => ({ imageId: c.id, releaseId: c.pressReleaseId }));
  if (!opts.execute) return { candidates: listed, purged: 0 };
  let purged = 0;
  for (const [releaseId, group] of byRelease) {
    if (kept.has(releaseId)) continue;
    const cleared = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM press_releases WHERE id = ${releaseId} FOR SHARE`;
      if (await evidenceKeptBy(tx, releaseId, now)) return [];
      const paths: string[] = [];
      for (const image of group) {
        const { count } = await tx.pressReleaseImage.updateMany({
          where: { id: image.id, originalPath: image.originalPath },
          data: { originalPath: null },
        });
        if (count) paths.push(image.originalPath!);
      }
      return paths;
    });
    // After the commit: no row names these originals any more.
    for (const path of cleared) {
      await getFileStorage().delete(path);
      purged++;
    }
  }
  return { candidates: listed, purged };
}
