import { db } from "@/lib/core/db/client";
import type { IndexInspector, InspectionResult, InspectionTarget } from "./types";

/** Crawler services (lib/domains/analytics/fetches.ts) that feed a web search index. */
export const SEARCH_CRAWLERS = ["google", "bing", "duckduckgo", "yandex", "baidu", "apple"];
/** How long after a search crawler's first fetch the embedded inspector counts a page as indexed. */
export const EMBEDDED_INDEXING_DELAY_MS = 48 * 60 * 60_000;

/**
 * The embedded default's inspector: no search engine to ask, so it reads our own crawler fetch
 * log (spec 2.3) and answers deterministically. No fetch of the page by a search crawler since
 * publication: not crawled. A first fetch less than 48 hours ago: crawled, not indexed (yet).
 * Older: indexed. Its answers say `source: embedded`, so no one takes them for Google's.
 */
export function embeddedInspector(now: () => Date = () => new Date()): IndexInspector {
  return {
    name: "embedded",
    async inspect(target: InspectionTarget): Promise<InspectionResult> {
      const at = now();
      const where = { pressReleaseId: target.releaseId, service: { in: SEARCH_CRAWLERS }, fetchedAt: { gte: target.publishedAt, lte: at } };
      // Only the first fetch (its time) and the last (time and crawler) matter: two rows at most
      // leave the database, however often a popular page was fetched.
      const [{ _min: first }, last] = await Promise.all([
        db.crawlerFetch.aggregate({ where, _min: { fetchedAt: true } }),
        db.crawlerFetch.findFirst({ where, orderBy: [{ fetchedAt: "desc" }, { id: "desc" }], select: { service: true, fetchedAt: true } }),
      ]);
      if (!first.fetchedAt || !last)
        return { state: "not_crawled", answer: { source: "embedded", coverageState: "No search crawler fetched the page yet" } };
      const base = { source: "embedded" as const, lastCrawlTime: last.fetchedAt.toISOString(), crawledBy: last.service };
      if (at.getTime() - first.fetchedAt.getTime() >= EMBEDDED_INDEXING_DELAY_MS)
        return { state: "indexed", answer: { ...base, coverageState: "Fetched by a search crawler at least 48 hours ago" } };
      return { state: "crawled_not_indexed", answer: { ...base, coverageState: "Fetched by a search crawler less than 48 hours ago" } };
    },
  };
}
