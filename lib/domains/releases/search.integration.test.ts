import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { MATCH_TOTAL_CAP, SEARCH_TOTAL_CAP, searchReleases, type ReleaseSearch } from "@/lib/domains/releases/search";
import { pairKey, requiredPairs } from "@/lib/domains/releases/search-phrases";
import { referenceNewest, referenceRanked, seedSearchCorpus, type Corpus } from "@/tests/search-fixtures";

// The search chooses between walking the releases newest first and reading the word indexes
// (issue 17). Whatever way it takes, it must answer as the earlier search did: the same matches
// in the same order, the ranked pages the same best-of-the-newest-1,000, only the total now
// counted up to MATCH_TOTAL_CAP with words.

let corpus: Corpus;
beforeAll(async () => {
  corpus = await seedSearchCorpus(db);
});

/** Queries as people type them: the corpus's words, quotes, exclusions, or, stray signs (fixed seed). */
function typedQueries(count: number, seed: number): string[] {
  const parts = [
    "Wasserstoff",
    "Windpark",
    "Batterie",
    "Energie",
    "Export",
    "für",
    "die",
    "Text",
    "Meldung",
    "Quasarix",
    '"',
    "-",
    "or",
    "(",
    ")",
    "'",
    "\\",
    ":*",
    "&",
    "|",
    "!",
    "<->",
    "e-mail",
    '"Energie Export"',
    '"Wasserstoff Windpark"',
    '"Export für die Energie"',
    '-"Energie Export"',
    '"Text',
  ];
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + next(7) }, () => parts[next(parts.length)]).join(next(3) ? " " : ""));
}

const WAYS = {
  auto: undefined,
  // The walk for every query, with a budget far below the corpus: shortfalls go to the indexes.
  walk: { indexFirstRows: -1, walkBudget: 400 },
  // The walk with room for the whole corpus.
  "long walk": { indexFirstRows: -1, walkBudget: 5_000 },
  index: { indexFirstRows: Number.POSITIVE_INFINITY },
} as const;

const QUERIES = [
  "Wasserstoff",
  "Windpark Batterie",
  "Quasarix",
  '"Energie Export"',
  '"Energie Export" -Windpark',
  "Quasarix or Batterie",
  '"Export Energie"',
  "Nichtvorhanden",
  "und die",
];

function filterSets(): [string, ReleaseSearch][] {
  return [
    ["everything", {}],
    ["German", { language: "de" }],
    ["English on tech", { language: "en", portal: "tech" }],
    ["public", { publicOnly: true, now: corpus.now }],
    ["one newsroom", { companyIds: [corpus.companyIds[0]!] }],
    ["drafts", { status: "draft" }],
    ["category", { categoryId: corpus.categoryId }],
    ["no newsroom", { companyIds: [] }],
  ];
}

describe("searchReleases answers as before, whichever way it takes", () => {
  it("newest first: every page the same ids, the total counted up to the cap", { timeout: 300_000 }, async () => {
    for (const q of QUERIES) {
      for (const [label, filters] of filterSets()) {
        const all = await referenceNewest(db, { ...filters, q });
        for (const [way, tuning] of Object.entries(WAYS)) {
          for (const page of [1, 2, 51]) {
            const got = await searchReleases({ ...filters, q, order: "newest", page, perPage: 20, ...(tuning ? { tuning } : {}) });
            const context = `${q} / ${label} / ${way} / page ${page}`;
            expect(got.ids, context).toEqual(all.slice((page - 1) * 20, page * 20));
            expect([got.total, got.capped], context).toEqual([Math.min(all.length, MATCH_TOTAL_CAP), all.length > MATCH_TOTAL_CAP]);
          }
        }
      }
    }
  });

  it("ranked: the best of the 1,000 newest matches, then by date past them", { timeout: 300_000 }, async () => {
    for (const q of QUERIES) {
      for (const [label, filters] of filterSets()) {
        const all = await referenceNewest(db, { ...filters, q });
        for (const [way, tuning] of Object.entries(WAYS)) {
          for (const [page, perPage] of [
            [1, 20],
            [2, 20],
            [10, 100],
            [51, 20],
          ] as const) {
            const got = await searchReleases({ ...filters, q, page, perPage, ...(tuning ? { tuning } : {}) });
            const expected =
              page * perPage <= 1_000
                ? await referenceRanked(db, { ...filters, q }, page, perPage)
                : all.slice((page - 1) * perPage, page * perPage);
            expect(got.ids, `${q} / ${label} / ${way} / page ${page} of ${perPage}`).toEqual(expected);
            expect(got.total).toBe(Math.min(all.length, MATCH_TOTAL_CAP));
          }
        }
      }
    }
  });

  it("typed queries of every shape: the same page and total each way", { timeout: 300_000 }, async () => {
    for (const q of typedQueries(150, 4711)) {
      const all = await referenceNewest(db, { q });
      const ranked = await referenceRanked(db, { q }, 1, 20);
      for (const [way, tuning] of Object.entries(WAYS)) {
        const context = `${JSON.stringify(q)} / ${way}`;
        const newest = await searchReleases({ q, order: "newest", page: 2, perPage: 10, ...(tuning ? { tuning } : {}) });
        expect(newest, context).toEqual({
          ids: all.slice(10, 20),
          total: Math.min(all.length, MATCH_TOTAL_CAP),
          capped: all.length > MATCH_TOTAL_CAP,
        });
        expect((await searchReleases({ q, ...(tuning ? { tuning } : {}) })).ids, context).toEqual(ranked);
      }
    }
  });

  it("a common word is capped: 1,000 and more, pages within the cap newest first", async () => {
    const all = await referenceNewest(db, { q: "Wasserstoff" });
    expect(all.length).toBeGreaterThan(MATCH_TOTAL_CAP);
    const page50 = await searchReleases({ q: "Wasserstoff", order: "newest", page: 50, perPage: 20 });
    expect(page50).toEqual({ ids: all.slice(980, 1000), total: MATCH_TOTAL_CAP, capped: true });
    const rare = await searchReleases({ q: "Quasarix", order: "newest" });
    expect(rare.capped).toBe(false);
    expect(rare.total).toBe((await referenceNewest(db, { q: "Quasarix" })).length);
  });

  it("without words: newest first, counted up to SEARCH_TOTAL_CAP, whatever the order asked", async () => {
    const all = await referenceNewest(db, { publicOnly: true, now: corpus.now, portal: "tech" });
    for (const order of ["rank", "newest"] as const) {
      expect(await searchReleases({ publicOnly: true, now: corpus.now, portal: "tech", order, page: 3, perPage: 25 })).toEqual({
        ids: all.slice(50, 75),
        total: all.length,
        capped: false,
      });
    }
  });

  it("refuses words it cannot store and pages outside 1–10,000", async () => {
    await expect(searchReleases({ q: "a\u0000b" })).rejects.toMatchObject({ code: "validation_failed" });
    await expect(searchReleases({ q: "Wasserstoff", page: 0 })).rejects.toMatchObject({ code: "validation_failed" });
    await expect(searchReleases({ page: 10_001 })).rejects.toMatchObject({ code: "validation_failed" });
  });

  it("states its way: an estimate, then the walk for a common word and the indexes for a rare one", async () => {
    const steps = async (s: ReleaseSearch) => {
      const seen: string[] = [];
      await searchReleases({ ...s, onQuery: (step) => seen.push(step) });
      return seen;
    };
    const estimates = ["estimate rows", "estimate"];
    // In 95 % of the releases: the walk fills the count.
    expect(await steps({ q: "Wasserstoff", order: "newest", tuning: { indexFirstRows: 100 } })).toEqual([...estimates, "walk"]);
    expect(await steps({ q: "Wasserstoff", tuning: { indexFirstRows: 100 } })).toEqual([...estimates, "walk", "rank"]);
    // In 1 %: straight to the indexes.
    expect(await steps({ q: "Quasarix", order: "newest", tuning: { indexFirstRows: 100 } })).toEqual([...estimates, "matches"]);
    // In 9 %: the walk stops at the page, the indexes count.
    expect(await steps({ q: '"Energie Export"', order: "newest", tuning: { indexFirstRows: 30 } })).toEqual([
      "words",
      "estimate rows",
      "estimate words",
      "estimate pairs",
      "walk",
      "count",
    ]);
    expect(await steps({})).toEqual(["page", "count"]);
  });
});

describe("phrase pairs", () => {
  it("every release matching a phrase holds the pair keys the query requires (both languages)", async () => {
    for (const [config, language, vector] of [
      ["german", "de", "search_de"],
      ["english", "en", "search_en"],
    ] as const) {
      for (const q of ['"Energie Export"', '"Export für die Energie"', '"Energie Export" -Windpark', '"Wasserstoff Windpark" -Quasarix']) {
        const [printed] = await db.$queryRaw<{ text: string }[]>`SELECT websearch_to_tsquery(${config}::regconfig, ${q})::text AS text`;
        const keys = requiredPairs(printed!.text).map(([a, b]) => pairKey(a, b));
        const [counts] = await db.$queryRaw<{ matching: number; missing: number }[]>`
          SELECT count(*)::int AS matching, count(*) FILTER (WHERE NOT search_pairs @> ${keys}::int[])::int AS missing
          FROM press_release_search WHERE language = ${language}::"Language" AND ${Prisma.raw(vector)} @@ websearch_to_tsquery(${config}::regconfig, ${q})`;
        expect({ q, language, missing: counts!.missing }).toEqual({ q, language, missing: 0 });
        expect(counts!.matching, `${q} ${language}`).toBeGreaterThan(0);
      }
    }
  });

  it("reads whatever websearch_to_tsquery prints, and every match holds the pairs it requires", { timeout: 120_000 }, async () => {
    let matched = 0;
    for (const q of typedQueries(300, 17)) {
      for (const [config, language, vector] of [
        ["german", "de", "search_de"],
        ["english", "en", "search_en"],
      ] as const) {
        const [printed] = await db.$queryRaw<{ text: string }[]>`SELECT websearch_to_tsquery(${config}::regconfig, ${q})::text AS text`;
        const keys = requiredPairs(printed!.text).map(([a, b]) => pairKey(a, b));
        if (!keys.length) continue;
        const [counts] = await db.$queryRaw<{ matching: number; missing: number }[]>`
          SELECT count(*)::int AS matching, count(*) FILTER (WHERE NOT search_pairs @> ${keys}::int[])::int AS missing
          FROM press_release_search WHERE language = ${language}::"Language" AND ${Prisma.raw(vector)} @@ websearch_to_tsquery(${config}::regconfig, ${q})`;
        expect({ q, language, missing: counts!.missing }).toEqual({ q, language, missing: 0 });
        matched += counts!.matching;
      }
    }
    expect(matched).toBeGreaterThan(1_000);
  });

  it("reads the tsqueries PostgreSQL prints and computes the same keys as the database", async () => {
    const [printed] = await db.$queryRaw<{ a: string; b: string; c: string }[]>`
      SELECT websearch_to_tsquery('german', '"Werk Energie" -Klinik') ::text AS a,
             websearch_to_tsquery('german', '"neues Werk für Energie" or Solar')::text AS b,
             websearch_to_tsquery('english', '"e-mail marketing" -"foo bar"')::text AS c`;
    expect(printed).toEqual({
      a: "'werk' <-> 'energi' & !'klinik'",
      b: "'neu' <-> 'werk' <2> 'energi' | 'solar'",
      c: "'e-mail' <-> 'e' <-> 'mail' <-> 'market' & !( 'foo' <-> 'bar' )",
    });
    expect(requiredPairs(printed!.a)).toEqual([["werk", "energi"]]);
    expect(requiredPairs(printed!.b)).toEqual([]);
    // The column's keys for lexemes as the database stores them, quotes, backslashes and umlauts included.
    const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
    for (const [a, b] of [
      ["werk", "energi"],
      ["straß", "über"],
      ["o'neil", "back\\slash"],
      ["e-mail", "e"],
    ] as const) {
      const [row] = await db.$queryRaw<
        { keys: number[] }[]
      >`SELECT search_phrase_pairs(${`${quoted(a)}:1 ${quoted(b)}:2`}::tsvector) AS keys`;
      expect(row!.keys, `${a} ${b}`).toEqual([pairKey(a, b)]);
    }
  });
});

describe("a list without words past SEARCH_TOTAL_CAP", () => {
  it("counts up to the cap and says there are more", { timeout: 60_000 }, async () => {
    const company = await db.company.create({ data: { portal: "tech", slug: "search-many", name: "Viele AG" } });
    await db.$executeRaw`
      WITH inserted AS (
        INSERT INTO press_releases (status, portal, language, slug, title, body, company_id, content_hash, published_at, updated_at)
        SELECT 'published', 'tech', 'de', 'many-' || g, 'Meldung', '<p>Text</p>', ${company.id}, md5(g::text) || md5(g::text), ${corpus.now}::timestamptz - g * interval '1 minute', ${corpus.now}
        FROM generate_series(1, ${SEARCH_TOTAL_CAP + 1}) g RETURNING id, published_at)
      INSERT INTO press_release_search (press_release_id, portal, language, status, company_id, title, body_text, company_name, published_at, is_public)
      SELECT id, 'tech', 'de', 'published', ${company.id}, 'Meldung', 'Text', 'Viele AG', published_at, true FROM inserted`;
    const got = await searchReleases({ companyIds: [company.id], page: 2, perPage: 10 });
    expect([got.total, got.capped, got.ids.length]).toEqual([SEARCH_TOTAL_CAP, true, 10]);
    const exactly = await searchReleases({ companyIds: [company.id], status: "published", q: "" });
    expect(exactly.capped).toBe(true);
  });
});

describe("statistics behind the releases", () => {
  it("walks on when the page shows a word far more frequent than the estimate said", { timeout: 60_000 }, async () => {
    // A word that arrived after the last ANALYZE: the statistics know nothing of it.
    await db.$executeRawUnsafe("ALTER TABLE press_release_search SET (autovacuum_enabled = false)");
    const company = await db.company.create({ data: { portal: "business", slug: "search-fresh", name: "Neu AG" } });
    await db.$executeRaw`
      WITH inserted AS (
        INSERT INTO press_releases (status, portal, language, slug, title, body, company_id, content_hash, published_at, updated_at)
        SELECT 'published', 'business', 'de', 'fresh-' || g, 'Neuwortmeldung ' || g, '<p>Zeitenwende</p>', ${company.id}, md5(g::text) || md5(g::text), ${corpus.now}::timestamptz + interval '2 days' + g * interval '1 second', ${corpus.now}
        FROM generate_series(1, 1100) g RETURNING id, published_at, title)
      INSERT INTO press_release_search (press_release_id, portal, language, status, company_id, title, body_text, company_name, published_at, is_public)
      SELECT id, 'business', 'de', 'published', ${company.id}, title, 'Zeitenwende', 'Neu AG', published_at, true FROM inserted`;
    const seen: string[] = [];
    const search = { q: "Zeitenwende", publicOnly: true, now: new Date(corpus.now.getTime() + 3 * 86_400_000) };
    const got = await searchReleases({ ...search, order: "newest", tuning: { indexFirstRows: -1 }, onQuery: (step) => seen.push(step) });
    // The first walk stops at the page, every row read a match; the second fills the count.
    expect(seen).toEqual(["estimate rows", "estimate", "walk", "walk"]);
    const all = await referenceNewest(db, search);
    expect(got).toEqual({ ids: all.slice(0, 20), total: MATCH_TOTAL_CAP, capped: true });
  });
});
