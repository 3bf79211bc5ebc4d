import { db } from "@/lib/core/db/client";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { allFileKeys } from "../image-files";

/** Uploads store their files before the row commits; younger files may belong to one in flight. */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;

const SWEPT_PREFIXES = ["evidence/originals/", "img/"];
const UPLOAD_PREFIX = /^[0-9a-f]{16}$/;

/**
 * Weekly (Sunday 04:45, spec 4.7): image originals and public image files that no image row
 * refers to any more (an upload whose commit failed and whose cleanup was lost, a crash between
 * erase and file removal). Snapshots and exports belong to the archive (archive:sweep-orphans).
 */
export async function sweepOrphanOriginals(
  opts: { dryRun?: boolean; now?: Date } = {},
): Promise<{ scanned: number; orphans: string[]; deleted: number }> {
  const now = opts.now ?? new Date();
  const storage = getFileStorage();
  const orphans: string[] = [];
  let scanned = 0;
  for (const prefix of SWEPT_PREFIXES) {
    const byPrefix = new Map<string, { key: string; lastModified: Date }[]>();
    for await (const file of storage.list(prefix)) {
      scanned++;
      if (now.getTime() - file.lastModified.getTime() < ORPHAN_MIN_AGE_MS) continue;
      const uploadPrefix = file.key.slice(prefix.length).split("/")[0] ?? "";
      // Only the layout uploads write (a random 16-hex folder); anything else is not ours to judge.
      if (!UPLOAD_PREFIX.test(uploadPrefix)) continue;
      const list = byPrefix.get(uploadPrefix) ?? [];
      list.push(file);
      byPrefix.set(uploadPrefix, list);
    }
    if (!byPrefix.size) continue;
    const keys = [...byPrefix.values()].flat().map((f) => f.key);
    // By prefix, and by path for rows from before prefixes were recorded.
    const images = await db.pressReleaseImage.findMany({
      where: {
        OR: [
          { storagePrefix: { in: [...byPrefix.keys()] } },
          { originalPath: { in: keys } },
          { displayPath: { in: keys } },
          { ogVariantPath: { in: keys } },
        ],
      },
      select: { originalPath: true, displayPath: true, ogVariantPath: true, variants: true, deletedAt: true },
    });
    // A removed image keeps its original but no public files (remove-release-image.ts).
    const referenced = new Set(images.flatMap((i) => (i.deletedAt ? [i.originalPath ?? ""] : allFileKeys(i))));
    for (const files of byPrefix.values()) for (const f of files) if (!referenced.has(f.key)) orphans.push(f.key);
  }
  if (!opts.dryRun) for (const key of orphans) await storage.delete(key);
  return { scanned, orphans, deleted: opts.dryRun ? 0 : orphans.length };
}
