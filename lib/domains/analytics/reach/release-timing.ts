import { db } from "@/lib/core/db/client";

// How fast a release got out: from its submission to its publication (the release's history),
// and from its publication to the first crawler that fetched its page (crawler_fetches).

export interface ReleaseTiming {
  /** The submission that led to the first publication: the last one before it. */
  submittedAt: Date | null;
  publishedAt: Date | null;
  firstCrawlerFetchAt: Date | null;
  /** Milliseconds, null where either end is missing. */
  submissionToPublicationMs: number | null;
  publicationToFirstCrawlMs: number | null;
}

/**
 * `publishedAt` is the moment the release became public (published_at, which an embargo sets
 * ahead). A submission is a move into review from a draft, a rejection or nothing (a release
 * created with its submission); the check's own moves inside review do not count.
 */
export async function loadReleaseTiming(releaseId: number, publishedAt: Date | null): Promise<ReleaseTiming> {
  if (!publishedAt)
    return { submittedAt: null, publishedAt, firstCrawlerFetchAt: null, submissionToPublicationMs: null, publicationToFirstCrawlMs: null };
  const [row] = await db.$queryRaw<{ submitted: Date | null; first_crawl: Date | null }[]>`
    SELECT
      (SELECT max(h.created_at) FROM press_release_history h
        WHERE h.press_release_id = ${releaseId} AND h.to_status = 'in_review'
          AND (h.from_status IS NULL OR h.from_status IN ('draft', 'rejected'))
          AND h.created_at <= coalesce(
            (SELECT min(p.created_at) FROM press_release_history p WHERE p.press_release_id = ${releaseId} AND p.to_status = 'published'),
            ${publishedAt})) AS submitted,
      (SELECT min(c.fetched_at) FROM crawler_fetches c
        WHERE c.press_release_id = ${releaseId} AND c.fetched_at >= ${publishedAt}) AS first_crawl`;
  const submittedAt = row?.submitted ?? null;
  const firstCrawlerFetchAt = row?.first_crawl ?? null;
  return {
    submittedAt,
    publishedAt,
    firstCrawlerFetchAt,
    submissionToPublicationMs: submittedAt ? Math.max(0, publishedAt.getTime() - submittedAt.getTime()) : null,
    publicationToFirstCrawlMs: firstCrawlerFetchAt ? firstCrawlerFetchAt.getTime() - publishedAt.getTime() : null,
  };
}
