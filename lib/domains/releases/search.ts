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
  /** Any of these categories (a category with its subcategories); none matches nothing. */
  categoryIds?: number[];
  /** Only what readers may see: public in the mirror and past its embargo. */
  publicOnly?: boolean;
  /**
   * Only what the archive shows (visibility.ts, "visible in the archive"): publicOnly, and not
   * withheld from exports (press_releases.no_export, which the mirror does not hold).
   */
  archiveOnly?: boolean;
  /** Published at or after this instant (inclusive; the caller decides where a day begins). */
  publishedFrom?: Date;
  /** Published at or before this instant (inclusive; the caller decides where a day ends). */
  publishedUntil?: Date;
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

/** The instants PostgreSQL's timestamptz and a reader's calendar share: years 1 to 9999. */
const EARLIEST_DATE = -62_135_596_800_000; // 0001-01-01T00:00:00Z
const LATEST_DATE = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z

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

/** The statements that read a set of releases (rather than walk, estimate or rank a few). */
const SET_STEPS = new Set(["page", "count", "matches", "deep page"]);

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
  for (const [path, at] of [
    ["publishedFrom", s.publishedFrom],
    ["publishedUntil", s.publishedUntil],
  ] as const) {
    const t = at === undefined ? 0 : at instanceof Date ? at.getTime() : Number.NaN;
    if (!(t >= EARLIEST_DATE && t <= LATEST_DATE))
      throw new AppError("validation_failed", "The dates cannot be used.", undefined, [{ path, message: "A date in the years 1–9999." }]);
  }
  const offset = (page - 1) * perPage;
  // A range that ends before it begins holds nothing.
  if (s.publishedFrom && s.publishedUntil && s.publishedFrom > s.publishedUntil) return { ids: [], total: 0, capped: false };
  const run: Run = (step, sql) => {
    s.onQuery?.(step, sql);
    // The readers' search reads its sets on one core: for a few thousand rows a parallel worker
    // costs more than it shares (measured at 100,000 releases on two cores: a category's
    // 2,500 releases 12 ms alone, 24–48 ms with a worker), and readers search side by side.
    if (s.archiveOnly && SET_STEPS.has(step))
      return db
        .$transaction([db.$executeRaw`SET LOCAL max_parallel_workers_per_gather = 0`, db.$queryRaw(sql)])
        .then(([, rows]) => rows as never);
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
        s.archiveOnly
          ? archiveCountSql(s)
          : Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM press_release_search WHERE ${filters} LIMIT ${SEARCH_TOTAL_CAP + 1}) capped`,
      ),
    ]);
    return { ids: rows.map((r) => r.id), total: Math.min(counted!.n, SEARCH_TOTAL_CAP), capped: counted!.n > SEARCH_TOTAL_CAP };
  }

  const read = await readWords(q, s.language ? [s.language] : (["de", "en"] satisfies Language[]), run);
  const words = s.archiveOnly && s.language ? { ...read, languageAsRowCheck: true } : read;
  const ranked = s.order !== "newest" && offset + perPage <= RANK_WINDOW;
  // The walk reads the releases newest first from the last instant the filters admit.
  const latest = [s.publicOnly || s.archiveOnly ? s.now : undefined, s.publishedUntil].filter((d): d is Date => d !== undefined);
  const { newest, total, capped } = await newestMatches({
    filters,
    indexFilters: filterSql(s, true),
    ...(latest.length ? { publishedBy: new Date(Math.min(...latest.map((d) => d.getTime()))) } : {}),
    ...(s.publishedFrom ? { publishedSince: s.publishedFrom } : {}),
    // The archive of one edition (the readers' search) walks that edition's public rows only.
    ...(s.archiveOnly && s.portal && s.language
      ? { walkWithin: Prisma.sql`portal = ${s.portal}::"Portal" AND language = ${s.language}::"Language" AND is_public` }
      : {}),
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
  if (s.categoryIds) where.push(s.categoryIds.length ? Prisma.sql`category_id IN (${Prisma.join(s.categoryIds)})` : Prisma.sql`FALSE`);
  if (s.publicOnly || s.archiveOnly) where.push(broad(Prisma.sql`is_public AND published_at <= ${s.now}`));
  // Date bounds stay index conditions: the planner reads their share from the histogram.
  if (s.publishedFrom) where.push(Prisma.sql`published_at >= ${s.publishedFrom}`);
  if (s.publishedUntil) where.push(Prisma.sql`published_at <= ${s.publishedUntil}`);
  if (s.archiveOnly) {
    const categories = s.categoryIds ?? (s.categoryId ? [s.categoryId] : undefined);
    if (forIndexes && categories?.length) {
      // The mirror has no category index; the releases have the category archive's
      // (portal, language, category_id, ...). The category's releases that are not withheld are
      // the candidates, each then read by its primary key: a category of a few thousand
      // releases costs that, whatever its words.
      const edition = [
        ...(s.portal ? [Prisma.sql`r.portal = ${s.portal}::"Portal"`] : []),
        ...(s.language ? [Prisma.sql`r.language = ${s.language}::"Language"`] : []),
      ];
      where.push(
        Prisma.sql`press_release_id IN (SELECT r.id FROM press_releases r WHERE ${Prisma.join(
          [...edition, Prisma.sql`r.category_id IN (${Prisma.join(categories)})`, Prisma.sql`NOT r.no_export`],
          " AND ",
        )})`,
      );
    } else {
      // no_export lives on the release: one primary-key probe per row that passed the cheaper
      // checks (a scalar subquery stays a per-row check; as a join the planner might read every release).
      where.push(Prisma.sql`NOT (SELECT r.no_export FROM press_releases r WHERE r.id = press_release_id)`);
    }
  }
  return Prisma.join(where, " AND ");
}

/**
 * The archive's count without words, as its own pages count (visibility.ts,
 * archiveVisibleReleaseWhere: published, its time come, not gone or deleted, not withheld from
 * exports, its newsroom active and not gone or deleted), from the releases: their category
 * archive index (portal, language, category_id, published_at) INCLUDE (company_id, status,
 * gone_at, deleted_at, no_export) holds every column of the rule, so the count reads the index
 * alone, where the mirror would fetch each row to ask its release about no_export.
 */
function archiveCountSql(s: ReleaseSearch & { now: Date }): Prisma.Sql {
  const where = [
    Prisma.sql`r.status = 'published'`,
    Prisma.sql`r.published_at <= ${s.now}`,
    Prisma.sql`r.gone_at IS NULL`,
    Prisma.sql`r.deleted_at IS NULL`,
    Prisma.sql`NOT r.no_export`,
    Prisma.sql`r.company_id IN (SELECT c.id FROM companies c WHERE c.is_active AND c.gone_at IS NULL AND c.deleted_at IS NULL)`,
  ];
  if (s.companyIds) where.push(s.companyIds.length ? Prisma.sql`r.company_id IN (${Prisma.join(s.companyIds)})` : Prisma.sql`FALSE`);
  if (s.portal) where.push(Prisma.sql`r.portal = ${s.portal}::"Portal"`);
  if (s.language) where.push(Prisma.sql`r.language = ${s.language}::"Language"`);
  if (s.status) where.push(Prisma.sql`r.status = ${s.status}::"ReleaseStatus"`);
  if (s.categoryId) where.push(Prisma.sql`r.category_id = ${s.categoryId}`);
  if (s.categoryIds) where.push(s.categoryIds.length ? Prisma.sql`r.category_id IN (${Prisma.join(s.categoryIds)})` : Prisma.sql`FALSE`);
  if (s.publishedFrom) where.push(Prisma.sql`r.published_at >= ${s.publishedFrom}`);
  if (s.publishedUntil) where.push(Prisma.sql`r.published_at <= ${s.publishedUntil}`);
  return Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM press_releases r WHERE ${Prisma.join(where, " AND ")} LIMIT ${SEARCH_TOTAL_CAP + 1}) capped`;
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
