import type { Tx } from "@/lib/core/db/client";
import { allFileKeys } from "./image-files";

/**
 * Erases never-published images entirely (spec 2.4, 3.1): rows, files, confirmations and
 * snapshots. The insert-only AI declarations stay as the audit trail they are (they hold no file
 * and no address); precheck audits stay but are marked discarded. Returns the file keys to
 * delete after the commit. The confirmation table is insert-only; this transaction alone opens
 * it for the purge (prisma/sql/insert-only.sql).
 */
export async function eraseUnpublishedImages(tx: Tx, imageIds: number[], now: Date): Promise<string[]> {
  if (!imageIds.length) return [];
  const images = await tx.pressReleaseImage.findMany({
    where: { id: { in: imageIds }, publishedEverAt: null },
    include: { snapshots: true },
  });
  if (!images.length) return [];
  const ids = images.map((i) => i.id);
  await tx.$executeRaw`SELECT set_config('app.allow_confirmation_purge', 'on', true)`;
  await tx.imageRightsConfirmation.deleteMany({ where: { imageId: { in: ids } } });
  await tx.kiAudit.updateMany({ where: { imageId: { in: ids }, discardedAt: null }, data: { discardedAt: now } });
  await tx.pressReleaseImage.deleteMany({ where: { id: { in: ids } } });
  return images.flatMap(allFileKeys);
}
