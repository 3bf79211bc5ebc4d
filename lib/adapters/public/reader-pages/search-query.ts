import { berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { PUBLIC_SEARCH_MAX_LENGTH } from "@/lib/domains/releases/public-search";

/** What a reader's search asks, read from the address (`/de/suche?q=…&category=…&from=…`). */
export interface SearchQuery {
  q: string;
  category: string | null;
  newsroom: string | null;
  /** YYYY-MM-DD as typed, kept for the form; the instants below are what is searched. */
  fromDay: string;
  untilDay: string;
  from?: Date;
  until?: Date;
  order: "rank" | "newest";
  page: number;
}

export type SearchProblem = "too_long" | "bad_date" | "bad_page" | "repeated" | "unusable";

/** A calendar day (YYYY-MM-DD) in Berlin as its first and last instant; null when it is no date. */
function berlinDayRange(day: string): { start: Date; end: Date } | null {
  const start = berlinStartOfDay(day);
  if (!start) return null;
  const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + 1));
  return { start, end: new Date(berlinStartOfDay(next.toISOString().slice(0, 10))!.getTime() - 1) };
}

/** Reads the search from the address; a problem instead of a query when a value cannot be one. */
export function readSearchQuery(search: URLSearchParams): { query: SearchQuery } | { problem: SearchProblem } {
  for (const name of ["q", "category", "newsroom", "from", "until", "sort", "page"])
    if (search.getAll(name).length > 1) return { problem: "repeated" };
  // Control characters are no part of a search word; the form shows the query back without them.
  const q = (search.get("q") ?? "").replace(/\p{Cc}/gu, " ").trim();
  if (Array.from(q).length > PUBLIC_SEARCH_MAX_LENGTH) return { problem: "too_long" };
  const fromDay = (search.get("from") ?? "").trim();
  const untilDay = (search.get("until") ?? "").trim();
  const fromRange = fromDay ? berlinDayRange(fromDay) : undefined;
  const untilRange = untilDay ? berlinDayRange(untilDay) : undefined;
  if (fromRange === null || untilRange === null) return { problem: "bad_date" };
  const from = fromRange?.start;
  const until = untilRange?.end;
  if (from && until && from > until) return { problem: "bad_date" };
  const rawPage = search.get("page") ?? "1";
  if (!/^[1-9]\d{0,3}$/.test(rawPage)) return { problem: "bad_page" };
  return {
    query: {
      q,
      category: search.get("category") || null,
      newsroom: search.get("newsroom") || null,
      fromDay,
      untilDay,
      ...(from ? { from } : {}),
      ...(until ? { until } : {}),
      // With words the best matches come first unless the reader asks for the newest.
      order: search.get("sort") === "date" ? "newest" : "rank",
      page: Number(rawPage),
    },
  };
}

/** The address of the same search with some values changed (pagination, removing a filter). */
export function searchHref(
  base: string,
  query: SearchQuery,
  change: Partial<Record<"q" | "category" | "newsroom" | "page", string | null>> = {},
): string {
  const params = new URLSearchParams();
  const value = (name: keyof typeof change, current: string | null) => (name in change ? change[name] : current);
  const q = value("q", query.q || null);
  if (q) params.set("q", q);
  const category = value("category", query.category);
  if (category) params.set("category", category);
  const newsroom = value("newsroom", query.newsroom);
  if (newsroom) params.set("newsroom", newsroom);
  if (query.fromDay) params.set("from", query.fromDay);
  if (query.untilDay) params.set("until", query.untilDay);
  if (query.order === "newest") params.set("sort", "date");
  const page = value("page", null);
  if (page && page !== "1") params.set("page", page);
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}
