import { db } from "@/lib/core/db/client";
import { Prisma, type ReleaseStatus } from "@/lib/generated/prisma/client";
import { syncSearchMirror } from "./search-mirror";
import { AppError } from "@/lib/core/errors/errors";
import { isAcceptableText, UNACCEPTABLE_TEXT_MESSAGE } from "@/lib/core/input/text";
import { BY_DATE, MATCH_TOTAL_CAP, indexMatch, newestMatches, readWords, type Language, type Run } from "./search-matches";

export { MATCH_TOTAL_CAP } from "./search-matches";

export interface ReleaseSearch {
  /** Words as a person types them (websearch syntax: "quoted phrase", -exclude, or). */
  q?: string;
  companyIds?: number[];
  portal?: "business" | "tech";
  language?: "de" | "en";
  status?: ReleaseStatus;
  categoryId?: number;
  /** Only what readers may see: public in the mirror and past its embargo. */
  publicOnly?: boolean;
  now?: Date;
  page?: number;
  perPage?: number;
  /**
   * With words: "rank" (the default) puts the best of the RANK_WINDOW newest matches first,
   * "newest" keeps every page newest first. Without words both are newest first.
   */
  order?: "rank" | "newest";
  /** Each statement as it is sent (the bench prints their plans). */
  onQuery?: (step: string, sql: Prisma.Sql) => void;
  /** Tests take each way on a small set: the walk's budget and the estimate that skips it. */
  tuning?: { walkBudget?: number; indexFirstRows?: number };
}

export interface ReleaseSearchResult {
  ids: number[];
  /** Counted up to SEARCH_TOTAL_CAP releases without words, MATCH_TOTAL_CAP matches with words. */
  total: number;
  /** More than `total` exist: show "more than". */
  capped: boolean;
}

/** Deeper pages hold nothing a reader can use; the bound keeps OFFSET sane. */
export const MAX_SEARCH_PAGE = 10_000;
/** A list without words counts up to this many releases. */
export const SEARCH_TOTAL_CAP = 10_000;
/** With words, the best matches among this many newest matches come first; deeper pages go by date. */
export const RANK_WINDOW = MATCH_TOTAL_CAP;
/**
 * Rows a search with many estimated matches reads newest first before it turns to the word
 * indexes: a query matching one release in ten fills its count on the way.
 */
export const WALK_BUDGET = 10_000;
/** Up to this many estimated matches, reading each through the word indexes is the cheaper way. */
export const INDEX_FIRST_ROWS = 2_000;

/**
 * Full-text search over the mirror (spec 2.3: the indexes live only there). Each release is
 * matched in its own language's configuration; without words the newest come first. With words,
 * search-matches.ts finds the newest matches (walking the releases newest first for common
 * words, through the word indexes for rare ones) and counts them up to MATCH_TOTAL_CAP; ranking
 * orders the newest RANK_WINDOW of them: a press search wants the best recent hits.
 */
export async function searchReleases(search: ReleaseSearch): Promise<ReleaseSearchResult> {
  // One instant for every statement of this search.
  const s = { ...search, now: search.now ?? new Date() };
  const perPage = s.perPage ?? 20;
  const page = s.page ?? 1;
  // Words and pages come from people and clients: refused here, whichever screen or API asked.
  if (s.q !== undefined && !isAcceptableText(s.q))
    throw new AppError("validation_failed", "The search words cannot be used.", undefined, [
      { path: "q", message: UNACCEPTABLE_TEXT_MESSAGE },
    ]);
  if (!Number.isSafeInteger(page) || page < 1 || page > MAX_SEARCH_PAGE)
    throw new AppError("validation_failed", `Pages run from 1 to ${MAX_SEARCH_PAGE}.`, undefined, [
      { path: "page", message: `1–${MAX_SEARCH_PAGE}.` },
    ]);
  const offset = (page - 1) * perPage;
  const run: Run = (step, sql) => {
    s.onQuery?.(step, sql);
    return db.$queryRaw(sql);
  };
  const filters = filterSql(s);
  const q = s.q?.trim();
  if (!q) {
    const [rows, [counted]] = await Promise.all([
      run<{ id: number }[]>(
        "page",
        Prisma.sql`SELECT press_release_id AS id FROM press_release_search WHERE ${filters} ORDER BY ${BY_DATE} LIMIT ${perPage} OFFSET ${offset}`,
      ),
      run<{ n: number }[]>(
        "count",
        Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM press_release_search WHERE ${filters} LIMIT ${SEARCH_TOTAL_CAP + 1}) capped`,
      ),
    ]);
    return { ids: rows.map((r) => r.id), total: Math.min(counted!.n, SEARCH_TOTAL_CAP), capped: counted!.n > SEARCH_TOTAL_CAP };
  }

  const words = await readWords(q, s.language ? [s.language] : (["de", "en"] satisfies Language[]), run);
  const ranked = s.order !== "newest" && offset + perPage <= RANK_WINDOW;
  const { newest, total, capped } = await newestMatches({
    filters,
    indexFilters: filterSql(s, true),
    ...(s.publicOnly ? { publishedBy: s.now } : {}),
    words,
    want: ranked ? RANK_WINDOW : offset + perPage,
    walkBudget: s.tuning?.walkBudget ?? WALK_BUDGET,
    indexFirstRows: s.tuning?.indexFirstRows ?? INDEX_FIRST_ROWS,
    run,
  });
  if (ranked) {
    if (offset >= newest.length) return { ids: [], total, capped };
    const rows = await run<{ id: number }[]>(
      "rank",
      Prisma.sql`
      SELECT press_release_id AS id FROM press_release_search WHERE press_release_id = ANY(${newest}::int[])
      ORDER BY CASE WHEN language = 'de' THEN ts_rank(search_de, websearch_to_tsquery('german', ${q}))
                    ELSE ts_rank(search_en, websearch_to_tsquery('english', ${q})) END DESC, ${BY_DATE}
      LIMIT ${perPage} OFFSET ${offset}`,
    );
    return { ids: rows.map((r) => r.id), total, capped };
  }
  // `newest` holds the page, or every match there is.
  if (offset + perPage <= newest.length || (!capped && newest.length >= total))
    return { ids: newest.slice(offset, offset + perPage), total, capped };
  // Past the counted matches: by date, as deep as asked.
  const rows = await run<{ id: number }[]>(
    "deep page",
    Prisma.sql`
    SELECT press_release_id AS id FROM press_release_search WHERE ${filters} AND ${indexMatch(words)} ORDER BY ${BY_DATE} LIMIT ${perPage} OFFSET ${offset}`,
  );
  return { ids: rows.map((r) => r.id), total, capped };
}

/**
 * The filters. For the word-index queries (`forIndexes`) portal, language and visibility stay
 * row checks: their bitmaps cover half the table or more, and the planner would still AND them
 * with a phrase's few candidates.
 */
function filterSql(s: ReleaseSearch & { now: Date }, forIndexes = false): Prisma.Sql {
  const broad = (cond: Prisma.Sql) => (forIndexes ? Prisma.sql`(${cond}) IS TRUE` : cond);
  const where: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (s.companyIds) where.push(s.companyIds.length ? Prisma.sql`company_id IN (${Prisma.join(s.companyIds)})` : Prisma.sql`FALSE`);
  if (s.portal) where.push(broad(Prisma.sql`portal = ${s.portal}::"Portal"`));
  if (s.language) where.push(broad(Prisma.sql`language = ${s.language}::"Language"`));
  if (s.status) where.push(Prisma.sql`status = ${s.status}::"ReleaseStatus"`);
  if (s.categoryId) where.push(Prisma.sql`category_id = ${s.categoryId}`);
  if (s.publicOnly) where.push(broad(Prisma.sql`is_public AND published_at <= ${s.now}`));
  return Prisma.join(where, " AND ");
}

/** press-releases:reindex-search: rebuilds every mirror row from the releases, in batches. */
export async function reindexSearch(opts: { batchSize?: number; onProgress?: (done: number) => void } = {}): Promise<number> {
  const batch = opts.batchSize ?? 500;
  let lastId = 0;
  let done = 0;
  await db.$executeRaw`DELETE FROM press_release_search s USING press_releases r WHERE r.id = s.press_release_id AND r.deleted_at IS NOT NULL`;
  for (;;) {
    const ids = await db.pressRelease.findMany({
      where: { id: { gt: lastId }, deletedAt: null },
      select: { id: true },
      orderBy: { id: "asc" },
      take: batch,
    });
    if (!ids.length) break;
    const now = new Date();
    // A rebuild changes no page: search engines hear nothing of it.
    for (const { id } of ids) await syncSearchMirror(db, id, now, { announce: false });
    lastId = ids.at(-1)!.id;
    done += ids.length;
    opts.onProgress?.(done);
  }
  return done;
}
