import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { clientKeyOf } from "@/lib/core/security/client-ip";
import { searchPublicReleases, type PublicSearchResult } from "@/lib/domains/releases/public-search";
import { activeCategories } from "@/lib/adapters/api/categories";
import type { Edition, Portal } from "@/lib/domains/sites";
import { readSearchQuery, type SearchProblem, type SearchQuery } from "./search-query";

export interface SearchFilterOption {
  slug: string;
  name: string;
  /** A subcategory, shown indented under its parent. */
  sub: boolean;
}

export type PortalSearchPage =
  | {
      kind: "results";
      query: SearchQuery;
      categories: SearchFilterOption[];
      newsroomName: string | null;
      result: PublicSearchResult | null;
    }
  | {
      kind: "refused";
      problem: SearchProblem | "unknown_filter" | "throttled";
      query: SearchQuery | null;
      categories: SearchFilterOption[];
    };

/** A search with words costs a full-text query: per client at most `portalSearch` a minute. */
async function throttled(request: Request): Promise<boolean> {
  return !(await getLimiter("portalSearch").limit(clientKeyOf(request.headers))).success;
}

/**
 * The search page of a portal edition: the reader's query read and checked, the filters
 * resolved (category and newsroom by slug), one page of results. Whatever the address holds
 * ends as results, an empty list or a refusal the page explains (400, 429), never an error.
 */
export async function portalSearchPage(
  portal: Portal,
  edition: Edition,
  search: URLSearchParams,
  request: Request,
): Promise<PortalSearchPage> {
  const categories = (await activeCategories(portal)).map((c) => ({
    slug: c.slug,
    name: edition === "de" ? c.name_de : c.name_en,
    sub: c.parent !== null,
  }));
  const read = readSearchQuery(search);
  if ("problem" in read) return { kind: "refused", problem: read.problem, query: null, categories };
  const { query } = read;
  const filtered = Boolean(query.q || query.category || query.newsroom || query.from || query.until);
  if (!filtered) return { kind: "results", query, categories, newsroomName: null, result: null };
  if (await throttled(request)) return { kind: "refused", problem: "throttled", query, categories };

  const category = query.category
    ? await db.category.findFirst({ where: { portal, slug: query.category, isActive: true }, select: { id: true } })
    : null;
  const newsroom = query.newsroom
    ? await db.company.findFirst({ where: { slug: query.newsroom, isActive: true, deletedAt: null }, select: { id: true, name: true } })
    : null;
  if ((query.category && !category) || (query.newsroom && !newsroom))
    return { kind: "refused", problem: "unknown_filter", query, categories };
  try {
    const result = await searchPublicReleases({
      portal,
      language: edition,
      q: query.q,
      order: query.order,
      page: query.page,
      ...(category ? { categoryId: category.id } : {}),
      ...(newsroom ? { companyId: newsroom.id } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.until ? { until: query.until } : {}),
    });
    return { kind: "results", query, categories, newsroomName: newsroom?.name ?? null, result };
  } catch (err) {
    // Words the search cannot use (control characters, an unusable range): said on the page.
    if (err instanceof AppError && err.code === "validation_failed") return { kind: "refused", problem: "unusable", query, categories };
    throw err;
  }
}
