import { db, type DbOrTx } from "@/lib/core/db/client";
import { publicImagesOf } from "@/lib/domains/images/deliverable";
import { coverOf, thumbnailPicture, type Picture } from "./release-images";

/** A list entry with its cover thumbnail; null when the release has no deliverable cover. */
export type WithCover<T> = T & { cover: Picture | null };

/**
 * The cover thumbnails of every release on a page, read in one query for all its lists (the
 * home's editorial and boosted lists share it). The lists hold publicly visible releases only.
 */
export async function listCovers(lists: { id: number }[][], client: DbOrTx = db): Promise<Map<number, Picture>> {
  const ids = [...new Set(lists.flat().map((item) => item.id))];
  const images = await publicImagesOf(client, ids);
  const covers = new Map<number, Picture>();
  for (const [releaseId, list] of images) {
    const cover = coverOf(list);
    if (cover) covers.set(releaseId, thumbnailPicture(cover));
  }
  return covers;
}

export function withCovers<T extends { id: number }>(items: T[], covers: Map<number, Picture>): WithCover<T>[] {
  return items.map((item) => ({ ...item, cover: covers.get(item.id) ?? null }));
}
