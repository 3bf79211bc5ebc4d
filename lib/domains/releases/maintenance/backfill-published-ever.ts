import { db } from "@/lib/core/db/client";

export interface BackfillPublishedEverResult {
  /** Releases that got (or on a dry run would get) published_ever_at, with the time. */
  releases: { id: number; publishedEverAt: Date }[];
}

/**
 * press-releases:backfill-published-ever: published_ever_at for releases that were published
 * (status published now, or a `published` entry in press_release_history) but have none: the
 * earliest publish time known (first history entry, published_at; created_at when neither
 * exists). Idempotent: only rows still without a value are written; updated_at stays.
 */
export async function backfillPublishedEver(opts: { dryRun?: boolean; batchSize?: number } = {}): Promise<BackfillPublishedEverResult> {
  const releases: BackfillPublishedEverResult["releases"] = [];
  let lastId = 0;
  for (;;) {
    const batch = await db.$queryRaw<{ id: number; first: Date }[]>`
      SELECT r.id, COALESCE(LEAST(h.first, r.published_at), r.created_at) AS first
      FROM press_releases r
      LEFT JOIN LATERAL (
        SELECT min(created_at) AS first FROM press_release_history
        WHERE press_release_id = r.id AND to_status = 'published'
      ) h ON true
      WHERE r.id > ${lastId} AND r.published_ever_at IS NULL AND (r.status = 'published' OR h.first IS NOT NULL)
      ORDER BY r.id LIMIT ${opts.batchSize ?? 500}`;
    if (!batch.length) return { releases };
    lastId = batch[batch.length - 1]!.id;
    for (const r of batch) {
      const set = opts.dryRun
        ? 1
        : await db.$executeRaw`UPDATE press_releases SET published_ever_at = ${r.first} WHERE id = ${r.id} AND published_ever_at IS NULL`;
      if (set) releases.push({ id: r.id, publishedEverAt: r.first });
    }
  }
}
