import { Prisma } from "@/lib/generated/prisma/client";
import { pairKey, requiredPairs } from "./search-phrases";

// How a search with words finds its newest matches (issue 17: fast over a million releases).
// Two ways, chosen by the planner's estimate of the matches:
// - few: read them through the word indexes (GIN on search_de/search_en, and on search_pairs for
//   phrases) and sort them by date. Costs grow with the matches.
// - many: walk the releases newest first (index on published_at) and check each row, stopping at
//   MATCH_TOTAL_CAP + 1 matches or after `walkBudget` rows. A word in most releases is done after
//   a thousand-odd rows; its GIN posting list alone would take longer to read.
// A walk that falls short hands over to the indexes: for the count only when it already holds
// the page, for everything otherwise. Both ways return the same matches in the same order.

export type Language = "de" | "en";
export type Run = <T>(step: string, sql: Prisma.Sql) => Promise<T>;

export const BY_DATE = Prisma.sql`published_at DESC NULLS FIRST, press_release_id DESC`;

/** A search with words counts up to this many matches (and collects at most this many newest). */
export const MATCH_TOTAL_CAP = 1_000;

/** The words of one search, per language as PostgreSQL reads them when the shape asks for it. */
export interface Words {
  q: string;
  languages: Language[];
  /** Printed tsquery, its indexable part (querytree) and its required word-pair keys. */
  parsed?: Map<Language, { query: string; indexable: string; pairs: number[] }>;
  /**
   * The language stays a row check for the word indexes too (the readers' search, one
   * language): as an index condition the planner may AND a bitmap of the language's half of
   * the table to a phrase's few candidates.
   */
  languageAsRowCheck?: boolean;
}

/** Quoted phrases and exclusions need a closer look; plain words go straight to the indexes. */
export async function readWords(q: string, languages: Language[], run: Run): Promise<Words> {
  if (!/["-]/.test(q)) return { q, languages };
  const rows = await run<{ language: Language; query: string; indexable: string }[]>(
    "words",
    Prisma.sql`
    SELECT 'de' AS language, t::text AS query, querytree(t) AS indexable FROM websearch_to_tsquery('german', ${q}) t
    UNION ALL SELECT 'en', t::text, querytree(t) FROM websearch_to_tsquery('english', ${q}) t`,
  );
  const parsed = new Map(
    rows.map((r) => [r.language, { query: r.query, indexable: r.indexable, pairs: requiredPairs(r.query).map(([a, b]) => pairKey(a, b)) }]),
  );
  return { q, languages, parsed };
}

// Configurations written out, so each tsquery is a constant the planner folds once.
const tsquery = (l: Language, q: string) =>
  l === "de" ? Prisma.sql`websearch_to_tsquery('german', ${q})` : Prisma.sql`websearch_to_tsquery('english', ${q})`;
const vector = (l: Language) => (l === "de" ? Prisma.sql`search_de` : Prisma.sql`search_en`);
const inLanguage = (l: Language, asRowCheck = false) => {
  const cond = l === "de" ? Prisma.sql`language = 'de'` : Prisma.sql`language = 'en'`;
  return asRowCheck ? Prisma.sql`(${cond}) IS TRUE` : cond;
};
const anyOf = (parts: Prisma.Sql[]) => Prisma.sql`(${Prisma.join(parts, " OR ")})`;

/** The check of one row (the walk, the ranking): each release in its own language. */
export function rowMatch(w: Words): Prisma.Sql {
  return anyOf(w.languages.map((l) => Prisma.sql`(${inLanguage(l)} AND ${vector(l)} @@ ${tsquery(l, w.q)})`));
}

/**
 * The same condition as the word indexes should read it. A phrase adds its pair keys. An
 * exclusion is checked per row only (ts_match_vq is @@ without its index): as an index condition
 * the planner would take "-Klinik" as selective and read every posting list of the other words.
 * `only` leaves out the pairs or, where a language has pairs, the words: for estimates, which
 * would otherwise multiply two conditions of which one implies much of the other.
 */
export function indexMatch(w: Words, only?: "words" | "pairs"): Prisma.Sql {
  return anyOf(
    w.languages.map((l) => {
      const p = w.parsed?.get(l);
      if (!p) return Prisma.sql`(${inLanguage(l, w.languageAsRowCheck)} AND ${vector(l)} @@ ${tsquery(l, w.q)})`;
      // Only stop words: nothing matches in this language.
      if (!p.query) return Prisma.sql`FALSE`;
      const parts = [inLanguage(l, w.languageAsRowCheck)];
      if (only !== "pairs" || !p.pairs.length) {
        if (p.indexable === p.query) parts.push(Prisma.sql`${vector(l)} @@ ${tsquery(l, w.q)}`);
        else {
          // "T": nothing indexable (only exclusions).
          if (p.indexable && p.indexable !== "T") parts.push(Prisma.sql`${vector(l)} @@ ${p.indexable}::tsquery`);
          parts.push(Prisma.sql`ts_match_vq(${vector(l)}, ${tsquery(l, w.q)})`);
        }
      }
      if (only !== "words" && p.pairs.length) parts.push(Prisma.sql`search_pairs @> ${p.pairs}::int[]`);
      return Prisma.sql`(${Prisma.join(parts, " AND ")})`;
    }),
  );
}

export interface MatchQuery {
  /** The filters as a row check (the walk). */
  filters: Prisma.Sql;
  /** The same filters for the word-index queries. */
  indexFilters: Prisma.Sql;
  /** Only releases published by this instant (inclusive): the walk starts there. */
  publishedBy?: Date;
  /** Only releases published at or after this instant: the walk ends there. */
  publishedSince?: Date;
  /**
   * Row conditions the walk may read through an index of its own (the public side of one portal
   * edition: its index keeps the date order), so it reads only rows the filters can admit.
   */
  walkWithin?: Prisma.Sql;
  words: Words;
  /** How many newest matches the caller needs (at most MATCH_TOTAL_CAP). */
  want: number;
  /** Rows the walk reads at least; up to five times as many when the page needs them. */
  walkBudget: number;
  indexFirstRows: number;
  run: Run;
}

export interface NewestMatches {
  /** The newest matches in order: at least `want` of them, or every match. */
  newest: number[];
  total: number;
  capped: boolean;
}

export async function newestMatches(o: MatchQuery): Promise<NewestMatches> {
  const { indexFilters, run } = o;
  const want = Math.min(o.want, MATCH_TOTAL_CAP);
  const indexed = indexMatch(o.words);
  const walkable = walkRange(o);
  const phrases = [...(o.words.parsed?.values() ?? [])].some((p) => p.pairs.length);
  const [walked, ...estimates] = await Promise.all([
    estimate("estimate rows", Prisma.sql`SELECT 1 FROM press_release_search ${walkable}`, run),
    ...(phrases ? (["words", "pairs"] as const) : ([undefined] as const)).map((only) =>
      estimate(
        only ? `estimate ${only}` : "estimate",
        Prisma.sql`SELECT 1 FROM press_release_search WHERE ${indexFilters} AND ${indexMatch(o.words, only)}`,
        run,
      ),
    ),
  ]);
  const matching = Math.min(...estimates);
  if (matching > o.indexFirstRows) {
    // Matches per row read newest first, as the column statistics tell. Dense enough, the walk
    // fills the count within one budget; otherwise it stops at the page (reading up to five
    // budgets for it) and the indexes count, unless the page showed the estimate far too low.
    const density = matching / Math.max(walked, 1);
    const fills = density * o.walkBudget >= (MATCH_TOTAL_CAP + 1) * 1.2;
    const walk = (budget: number, stop: number) => walkNewest(o, budget, stop);
    const first = await walk(
      fills ? o.walkBudget : Math.min(5 * o.walkBudget, Math.max(o.walkBudget, Math.ceil((want / density) * 1.5))),
      fills ? MATCH_TOTAL_CAP + 1 : want,
    );
    let hits = first.hits;
    if (!fills && hits.length >= want) {
      // The density the page showed prices both ways to the count, in rows walked (measured at a
      // million releases: a posting-list entry costs about a tenth of a walked row, a row fetched
      // from a bitmap about five). Walking on wins when the estimate was far too low.
      const seen = hits.length / Math.max(first.read, 1);
      const onward = Math.ceil(((MATCH_TOTAL_CAP + 1) / seen) * 1.5);
      if (onward <= 5 * o.walkBudget && onward < 5 * (MATCH_TOTAL_CAP + 1) + 0.1 * seen * walked)
        ({ hits } = await walk(onward, MATCH_TOTAL_CAP + 1));
    }
    if (hits.length > MATCH_TOTAL_CAP) return { newest: hits.slice(0, MATCH_TOTAL_CAP), total: MATCH_TOTAL_CAP, capped: true };
    if (hits.length >= want) {
      // The walk holds the page; only the count needs the indexes. The CTE is planned without
      // a LIMIT (so on those indexes) and read only until the count is full.
      const [counted] = await run<{ n: number }[]>(
        "count",
        Prisma.sql`
        WITH found AS MATERIALIZED (SELECT 1 FROM press_release_search WHERE ${indexFilters} AND ${indexed})
        SELECT count(*)::int AS n FROM (SELECT 1 FROM found LIMIT ${MATCH_TOTAL_CAP + 1}) capped`,
      );
      return { newest: hits, total: Math.min(counted!.n, MATCH_TOTAL_CAP), capped: counted!.n > MATCH_TOTAL_CAP };
    }
  }
  const [found] = await run<{ n: number; ids: number[] | null }[]>(
    "matches",
    Prisma.sql`
    WITH found AS MATERIALIZED (SELECT press_release_id, published_at FROM press_release_search WHERE ${indexFilters} AND ${indexed})
    SELECT (SELECT count(*)::int FROM found) AS n,
           (SELECT array_agg(press_release_id ORDER BY ${BY_DATE}) FROM (SELECT * FROM found ORDER BY ${BY_DATE} LIMIT ${want}) top) AS ids`,
  );
  return { newest: found!.ids ?? [], total: Math.min(found!.n, MATCH_TOTAL_CAP), capped: found!.n > MATCH_TOTAL_CAP };
}

/**
 * The first `stop` matches among the newest `budget` releases, in order, and how many rows were
 * read to find them. The inner LIMIT bounds the rows read (the filters are checked outside it, so
 * a rare status cannot stretch the walk); the outer one ends the walk at `stop`. The outer query
 * keeps the walk's order without sorting (a sort would read the whole budget first): rows leave
 * the date index, the row numbering and the filter one by one.
 */
async function walkNewest(o: MatchQuery, budget: number, stop: number): Promise<{ hits: number[]; read: number }> {
  const walkable = walkRange(o);
  const [walked] = await o.run<{ ids: number[] | null; read: number | null }[]>(
    "walk",
    Prisma.sql`
    SELECT array_agg(press_release_id ORDER BY ${BY_DATE}) AS ids, max(rn)::int AS read FROM (
      SELECT press_release_id, published_at, rn FROM (
        SELECT *, row_number() OVER () AS rn FROM (
          SELECT press_release_id, published_at, portal, language, status, company_id, category_id, is_public, search_de, search_en
          FROM press_release_search ${walkable} ORDER BY ${BY_DATE} LIMIT ${budget}) newest) numbered
      WHERE ${o.filters} AND ${rowMatch(o.words)} LIMIT ${stop}) hits`,
  );
  return { hits: walked!.ids ?? [], read: walked!.read ?? 0 };
}

/**
 * The stretch of the date index the walk reads (and the estimate of its rows counts): from
 * `publishedBy` down to `publishedSince`. A date range walks only its own releases, so a page
 * of last month's matches does not spend the budget on this month's.
 */
function walkRange(o: Pick<MatchQuery, "publishedBy" | "publishedSince" | "walkWithin">): Prisma.Sql {
  const bounds: Prisma.Sql[] = o.walkWithin ? [o.walkWithin] : [];
  if (o.publishedBy) bounds.push(Prisma.sql`published_at <= ${o.publishedBy}`);
  if (o.publishedSince) bounds.push(Prisma.sql`published_at >= ${o.publishedSince}`);
  return bounds.length ? Prisma.sql`WHERE ${Prisma.join(bounds, " AND ")}` : Prisma.empty;
}

/** The planner's row estimate for a query (EXPLAIN, from the statistics ANALYZE keeps). */
async function estimate(step: string, query: Prisma.Sql, run: Run): Promise<number> {
  const [plan] = await run<{ "QUERY PLAN": unknown }[]>(step, Prisma.sql`EXPLAIN (FORMAT JSON) ${query}`);
  const json = plan!["QUERY PLAN"];
  const parsed = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: { "Plan Rows": number } }[];
  return parsed[0]!.Plan["Plan Rows"];
}
