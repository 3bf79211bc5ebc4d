import type { IndexState } from "@/lib/generated/prisma/client";
import type { IndexStatusResult, InspectionResult, ReducedAnswer } from "./types";

// Coverage states are English sentences of the console; the enums decide first, these words
// only where the enums leave it open ("Discovered" and "Crawled" both answer verdict NEUTRAL).
const NOT_CRAWLED = /unknown to google|discovered - currently not indexed/i;
const CRAWLED_NOT_INDEXED = /crawled - currently not indexed/i;
const EXCLUDED = /duplicate|alternate page|canonical|noindex|redirect|not found|404|blocked|excluded|removal/i;
/** Fetch outcomes that keep a page out by a signal of the site itself (robots, status, redirect). */
const EXCLUDING_FETCH = new Set([
  "SOFT_404",
  "BLOCKED_ROBOTS_TXT",
  "NOT_FOUND",
  "ACCESS_DENIED",
  "ACCESS_FORBIDDEN",
  "BLOCKED_4XX",
  "REDIRECT_ERROR",
  "INVALID_URL",
]);

const text = (v: unknown): string | undefined => (typeof v === "string" && v ? v.slice(0, 300) : undefined);

/** Keeps the index fields only, each a short string. */
export function reduceAnswer(r: IndexStatusResult): ReducedAnswer {
  const answer: ReducedAnswer = { source: "search-console" };
  for (const key of [
    "verdict",
    "coverageState",
    "robotsTxtState",
    "indexingState",
    "pageFetchState",
    "lastCrawlTime",
    "crawledAs",
    "googleCanonical",
    "userCanonical",
  ] as const) {
    const v = text(r[key]);
    if (v) answer[key] = v;
  }
  return answer;
}

/** The index state of one answer: "not yet crawled" and "crawled, not indexed" kept apart. */
export function indexStateOf(r: IndexStatusResult): IndexState {
  const coverage = r.coverageState ?? "";
  if (r.verdict === "PASS") return "indexed";
  if (
    r.robotsTxtState === "DISALLOWED" ||
    (r.indexingState && r.indexingState !== "INDEXING_ALLOWED" && r.indexingState !== "INDEXING_STATE_UNSPECIFIED")
  )
    return "excluded";
  if (CRAWLED_NOT_INDEXED.test(coverage)) return "crawled_not_indexed";
  if (NOT_CRAWLED.test(coverage)) return "not_crawled";
  if (r.pageFetchState && EXCLUDING_FETCH.has(r.pageFetchState)) return "excluded";
  if (EXCLUDED.test(coverage)) return "excluded";
  // A crawl happened (its time, or a fetch outcome) but the page is not in the index.
  if (r.lastCrawlTime || (r.pageFetchState && r.pageFetchState !== "PAGE_FETCH_STATE_UNSPECIFIED")) return "crawled_not_indexed";
  if (r.verdict === "FAIL" || r.verdict === "NEUTRAL") return "not_crawled";
  return "error";
}

/** A whole response body of index:inspect, reduced; a body without an index result is an error state. */
export function reduceInspection(body: unknown): InspectionResult {
  const result = (body as { inspectionResult?: { indexStatusResult?: unknown } } | null)?.inspectionResult?.indexStatusResult;
  if (!result || typeof result !== "object") return { state: "error", answer: { source: "search-console" } };
  const r = result as IndexStatusResult;
  return { state: indexStateOf(r), answer: reduceAnswer(r) };
}
