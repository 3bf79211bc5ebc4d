import { db } from "@/lib/core/db/client";
import { contentHash } from "../content-hash";

export interface HashContentResult {
  checked: number;
  /** Rows whose content_hash was missing or wrong (set, or on a dry run: would be). */
  fixed: number;
  fixedIds: number[];
}

/**
 * press-releases:hash-content: (re)computes content_hash (spec 2.3, SHA-256 over title plus
 * text without markup, the function every save uses) where it is missing or wrong, walking the
 * releases by id in batches. updated_at and content_changed_at stay: the text did not change.
 */
export async function hashContent(opts: { dryRun?: boolean; batchSize?: number } = {}): Promise<HashContentResult> {
  const result: HashContentResult = { checked: 0, fixed: 0, fixedIds: [] };
  let lastId = 0;
  for (;;) {
    const batch = await db.pressRelease.findMany({
      where: { id: { gt: lastId } },
      select: { id: true, title: true, body: true, contentHash: true },
      orderBy: { id: "asc" },
      take: opts.batchSize ?? 500,
    });
    if (!batch.length) return result;
    lastId = batch[batch.length - 1]!.id;
    result.checked += batch.length;
    for (const r of batch) {
      const hash = contentHash(r.title, r.body);
      if (r.contentHash === hash) continue;
      // Only if the text is still the one hashed: a save in between wrote its own, correct hash.
      const changed = opts.dryRun
        ? 1
        : await db.$executeRaw`
        UPDATE press_releases SET content_hash = ${hash}
        WHERE id = ${r.id} AND title = ${r.title} AND body = ${r.body} AND content_hash IS DISTINCT FROM ${hash}`;
      if (changed) {
        result.fixed++;
        result.fixedIds.push(r.id);
      }
    }
  }
}
