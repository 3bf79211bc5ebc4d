import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { MATCH_TOTAL_CAP, SEARCH_TOTAL_CAP, searchReleases, type ReleaseSearch } from "@/lib/domains/releases/search";
import { searchExcerpts, type ExcerptSegment } from "@/lib/domains/releases/search-excerpts";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { archiveVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import {
  PUBLIC_SEARCH_MAX_PAGE,
  PUBLIC_SEARCH_PER_PAGE,
  searchPublicReleases,
  type PublicSearchInput,
} from "@/lib/domains/releases/public-search";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { referenceNewest, seedSearchCorpus, type Corpus } from "@/tests/search-fixtures";

// The readers' search (/de/suche, /en/search): the date range on every way searchReleases
// takes, the marked excerpts, and the public page's rules: only releases visible in the
// archive, hostile input refused or answered empty, never a failed query.

const DAY = 86_400_000;
let corpus: Corpus;
/** Corpus releases withheld from exports: archiveOnly must leave them out on every way. */
let withheld: Set<number>;

beforeAll(async () => {
  corpus = await seedSearchCorpus(db);
  const rows = await db.$queryRaw<{ id: number }[]>`
    UPDATE press_releases SET no_export = true WHERE slug LIKE 'corpus-%' AND id % 11 = 0 RETURNING id`;
  withheld = new Set(rows.map((r) => r.id));
});

const BY_DATE = Prisma.sql`published_at DESC NULLS FIRST, press_release_id DESC`;

/** Every match newest first, as the search before the date range answered, then cut to the range. */
async function referenceInRange(s: ReleaseSearch): Promise<number[]> {
  const { publishedFrom: from, publishedUntil: until, archiveOnly, categoryIds, ...rest } = s;
  if (categoryIds && categoryIds.length !== 1) throw new Error("the reference takes one category");
  let all = await referenceNewest(db, {
    ...rest,
    ...(archiveOnly ? { publicOnly: true } : {}),
    ...(categoryIds ? { categoryId: categoryIds[0] } : {}),
  });
  if (archiveOnly) all = all.filter((id) => !withheld.has(id));
  if (!from && !until) return all;
  const dates = new Map(
    (
      await db.$queryRaw<{ id: number; at: Date | null }[]>`
      SELECT press_release_id AS id, published_at AS at FROM press_release_search WHERE press_release_id = ANY(${all}::int[])`
    ).map((r) => [r.id, r.at]),
  );
  return all.filter((id) => {
    const at = dates.get(id);
    return at != null && (!from || at >= from) && (!until || at <= until);
  });
}

/** The releases visible in the archive (visibility.ts) that the filters admit, counted by Prisma. */
function archiveCount(s: ReleaseSearch): Promise<number> {
  const categories = s.categoryIds ?? (s.categoryId ? [s.categoryId] : undefined);
  return db.pressRelease.count({
    where: {
      ...archiveVisibleReleaseWhere(s.now),
      ...(s.portal ? { portal: s.portal } : {}),
      ...(s.language ? { language: s.language } : {}),
      ...(categories ? { categoryId: { in: categories } } : {}),
      AND: [{ publishedAt: { gte: s.publishedFrom } }, { publishedAt: { lte: s.publishedUntil } }],
    },
  });
}

/** The best of the 1,000 newest matches (the search's ranked page), computed from the reference list. */
async function rankedFrom(newest: number[], q: string, page: number, perPage: number): Promise<number[]> {
  const window = newest.slice(0, MATCH_TOTAL_CAP);
  if (!window.length) return [];
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT press_release_id AS id FROM press_release_search WHERE press_release_id = ANY(${window}::int[])
    ORDER BY CASE WHEN language = 'de' THEN ts_rank(search_de, websearch_to_tsquery('german', ${q}))
                  ELSE ts_rank(search_en, websearch_to_tsquery('english', ${q})) END DESC, ${BY_DATE}
    LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`;
  return rows.map((r) => r.id);
}

const WAYS = {
  auto: undefined,
  walk: { indexFirstRows: -1, walkBudget: 400 },
  "long walk": { indexFirstRows: -1, walkBudget: 5_000 },
  index: { indexFirstRows: Number.POSITIVE_INFINITY },
} as const;

describe("searchReleases with a date range", () => {
  const windows = (): [string, Pick<ReleaseSearch, "publishedFrom" | "publishedUntil">][] => {
    const at = (days: number) => new Date(corpus.now.getTime() + days * DAY);
    return [
      ["one week, ten days back", { publishedFrom: at(-10), publishedUntil: at(-3) }],
      ["from two days back, embargoed ones included", { publishedFrom: at(-2) }],
      ["until twenty days back", { publishedUntil: at(-20) }],
      // Inclusive at both ends: two corpus releases share each hour.
      ["one instant", { publishedFrom: at(-5), publishedUntil: at(-5) }],
    ];
  };
  const filterSets = (): [string, ReleaseSearch][] => [
    ["everything", {}],
    ["public", { publicOnly: true, now: corpus.now }],
    ["archive", { archiveOnly: true, now: corpus.now }],
    // One edition's archive walks its own index; a category's draws its candidates from the releases.
    ["archive of tech/de", { archiveOnly: true, now: corpus.now, portal: "tech", language: "de" }],
    [
      "archive of a category on tech/de",
      { archiveOnly: true, now: corpus.now, portal: "tech", language: "de", categoryIds: [corpus.categoryId] },
    ],
    ["English on tech", { language: "en", portal: "tech" }],
    ["category", { categoryId: corpus.categoryId }],
  ];

  it("answers each way with the matches inside the range, newest first and ranked", { timeout: 300_000 }, async () => {
    for (const q of ["Wasserstoff", "Quasarix", '"Energie Export"', "Windpark Batterie", '"Energie Export" -Windpark']) {
      for (const [label, filters] of filterSets()) {
        for (const [range, dates] of windows()) {
          const all = await referenceInRange({ ...filters, ...dates, q });
          for (const [way, tuning] of Object.entries(WAYS)) {
            const context = `${q} / ${label} / ${range} / ${way}`;
            const base = { ...filters, ...dates, q, ...(tuning ? { tuning } : {}) };
            for (const page of [1, 2]) {
              const got = await searchReleases({ ...base, order: "newest", page, perPage: 20 });
              expect(got, `${context} / page ${page}`).toEqual({
                ids: all.slice((page - 1) * 20, page * 20),
                total: Math.min(all.length, MATCH_TOTAL_CAP),
                capped: all.length > MATCH_TOTAL_CAP,
              });
            }
            const ranked = await searchReleases({ ...base, page: 1, perPage: 20 });
            expect(ranked.ids, `${context} / ranked`).toEqual(await rankedFrom(all, q, 1, 20));
          }
        }
      }
    }
  });

  it("without words: newest first inside the range, counted (the archive as its pages count it)", async () => {
    for (const [label, filters] of filterSets()) {
      for (const [range, dates] of windows()) {
        const all = await referenceInRange({ ...filters, ...dates });
        // The archive counts by the rule itself, from the releases (the corpus's mirror rows
        // call some public releases private: the pages leave those out, the count does not).
        const counted = filters.archiveOnly ? await archiveCount({ ...filters, ...dates }) : all.length;
        for (const page of [1, 3]) {
          expect(await searchReleases({ ...filters, ...dates, page, perPage: 25 }), `${label} / ${range} / page ${page}`).toEqual({
            ids: all.slice((page - 1) * 25, page * 25),
            total: Math.min(counted, SEARCH_TOTAL_CAP),
            capped: counted > SEARCH_TOTAL_CAP,
          });
        }
      }
    }
  });

  it("takes every way with the range: the walk reads only the range's stretch of the date index", async () => {
    const from = new Date(corpus.now.getTime() - 24 * DAY);
    const until = new Date(corpus.now.getTime() - 20 * DAY);
    const steps = async (s: ReleaseSearch) => {
      const seen: { step: string; sql: Prisma.Sql }[] = [];
      await searchReleases({ ...s, publishedFrom: from, publishedUntil: until, onQuery: (step, sql) => seen.push({ step, sql }) });
      return seen;
    };
    // The walk: its budget of 400 rows lies wholly before the range, unless it starts there.
    const walked = await steps({ q: "Wasserstoff", order: "newest", tuning: { indexFirstRows: -1, walkBudget: 400 } });
    const walk = walked.find((s) => s.step === "walk")!;
    expect(walk.sql.values).toEqual(expect.arrayContaining([from, until]));
    expect(walked.map((s) => s.step)).not.toContain("matches");
    // The word indexes.
    expect((await steps({ q: "Quasarix", order: "newest", tuning: { indexFirstRows: 100 } })).map((s) => s.step)).toEqual([
      "estimate rows",
      "estimate",
      "matches",
    ]);
    // Phrase pairs.
    expect((await steps({ q: '"Energie Export"', tuning: { indexFirstRows: Number.POSITIVE_INFINITY } })).map((s) => s.step)).toEqual([
      "words",
      "estimate rows",
      "estimate words",
      "estimate pairs",
      "matches",
      "rank",
    ]);
    // No words.
    expect((await steps({})).map((s) => s.step)).toEqual(["page", "count"]);
  });

  it("a range that ends before it begins holds nothing; dates outside the calendar are refused", async () => {
    const from = new Date(corpus.now.getTime() - DAY);
    const until = new Date(corpus.now.getTime() - 2 * DAY);
    expect(await searchReleases({ q: "Wasserstoff", publishedFrom: from, publishedUntil: until })).toEqual({
      ids: [],
      total: 0,
      capped: false,
    });
    expect(await searchReleases({ publishedFrom: from, publishedUntil: until })).toEqual({ ids: [], total: 0, capped: false });
    for (const bad of [new Date(Number.NaN), new Date(-8.64e15), new Date(8.64e15)]) {
      await expect(searchReleases({ q: "Wasserstoff", publishedFrom: bad })).rejects.toMatchObject({ code: "validation_failed" });
      await expect(searchReleases({ publishedUntil: bad })).rejects.toMatchObject({ code: "validation_failed" });
    }
  });
});

// ---------------------------------------------------------------------------------------------

const NOW = new Date();
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

async function published(data: Partial<Prisma.PressReleaseUncheckedCreateInput> & { companyId: number }) {
  const release = await seedRelease({ status: "published", publishedAt: ago(1), publishedEverAt: ago(1), ...data });
  await syncSearchMirror(db, release.id, NOW, { announce: false });
  return release;
}

const hits = (segments: ExcerptSegment[]) => segments.filter((s) => s.hit).map((s) => s.text);
const plain = (segments: ExcerptSegment[]) => segments.map((s) => s.text).join("");

describe("searchExcerpts", () => {
  it("marks the searched word as the edition's language stems it, German and English", async () => {
    const company = await seedCompany({ name: "Nordwind AG" });
    const de = await published({
      companyId: company.id,
      lead: "Die Nordwind AG baut zwei neue Windparks vor Rügen.",
      body: `<p>${"Mit Strom für viele Haushalte und Betriebe in der Region. ".repeat(6)}Der größte Windpark der Ostsee entsteht dort.</p>`,
    });
    const en = await published({
      companyId: company.id,
      language: "en",
      lead: "Nordwind builds two offshore wind farms.",
      body: "<p>The farms will power thousands of homes. Construction starts in spring.</p>",
    });
    const german = await searchExcerpts([de.id], "Windpark", "de");
    const segments = german.get(de.id)!.segments;
    expect(hits(segments)).toEqual(["Windparks", "Windpark"]);
    expect(plain(segments)).toContain("neue Windparks vor Rügen");
    expect(plain(segments)).toContain(" … ");

    const english = await searchExcerpts([en.id], "farm", "en");
    expect(hits(english.get(en.id)!.segments)).toEqual(["farms", "farms"]);
    // A quoted phrase marks its words.
    expect(hits((await searchExcerpts([en.id], '"wind farms"', "en")).get(en.id)!.segments)).toEqual(
      expect.arrayContaining(["wind", "farms"]),
    );
  });

  it("a marker character in a release's text is no highlight, and none reaches the answer", async () => {
    const company = await seedCompany();
    const release = await published({ companyId: company.id, lead: "Windpark eröffnet.", body: "<p>Sonst nichts.</p>" });
    // Written to the mirror directly, as if a text had slipped through every other check.
    await db.pressReleaseSearch.update({
      where: { pressReleaseId: release.id },
      data: { lead: "Windpark \u0002Gefälscht\u0003 eröffnet.", bodyText: "Ein \u0003zweiter\u0002 Versuch <b>fett</b> \u0002" },
    });
    const { segments } = (await searchExcerpts([release.id], "Windpark", "de")).get(release.id)!;
    expect(hits(segments)).toEqual(["Windpark"]);
    expect(plain(segments)).toContain("Gefälscht");
    // ts_headline drops what its parser takes for a tag; the words stay, as text.
    expect(plain(segments)).toContain("fett");
    for (const s of segments) expect(s.text).not.toMatch(/[\u0002\u0003]/);
    // Without usable words: the opening, stripped the same way.
    const opening = (await searchExcerpts([release.id], "und die", "de")).get(release.id)!.segments;
    expect(opening).toEqual([{ text: "Windpark Gefälscht eröffnet.", hit: false }]);
  });

  it("without usable words or without a hit in lead and body: about 200 characters of the lead, no hit", async () => {
    const company = await seedCompany();
    const lead = `${"Ein langer Vorspann über das neue Werk in Brandenburg, ".repeat(8)}Ende.`;
    const release = await published({ companyId: company.id, title: "Zauberwort im Titel", lead, body: "<p>Körper.</p>" });
    const noLead = await published({ companyId: company.id, lead: null, body: "<p>Nur ein Körper ohne Vorspann.</p>" });
    for (const q of ["", "   ", "und die", '"', "&&&", "!:*", "-", "Zauberwort"]) {
      const got = await searchExcerpts([release.id, noLead.id], q, "de");
      const [segment, ...rest] = got.get(release.id)!.segments;
      expect(rest, q).toEqual([]);
      expect(segment!.hit, q).toBe(false);
      expect(segment!.text.length, q).toBeGreaterThan(150);
      expect(segment!.text.length, q).toBeLessThanOrEqual(202);
      expect(lead.startsWith(segment!.text.replace(/ …$/, "")), q).toBe(true);
      expect(got.get(noLead.id)!.segments, q).toEqual([{ text: "Nur ein Körper ohne Vorspann.", hit: false }]);
    }
  });

  it("takes ids as given: unknown and impossible ids are left out, more than 50 refused", async () => {
    const company = await seedCompany();
    const release = await published({ companyId: company.id, lead: "Windpark." });
    const got = await searchExcerpts([release.id, release.id, 0, -1, 2 ** 31, 1.5, 999_999_999], "Windpark", "de");
    expect([...got.keys()]).toEqual([release.id]);
    expect((await searchExcerpts([], "Windpark", "de")).size).toBe(0);
    await expect(
      searchExcerpts(
        Array.from({ length: 51 }, (_, i) => i + 1),
        "x",
        "de",
      ),
    ).rejects.toMatchObject({ code: "validation_failed" });
    // Words that cannot be stored only find nothing.
    expect(hits((await searchExcerpts([release.id], "Wind\u0000park\uD800", "de")).get(release.id)!.segments)).toEqual(["Windpark"]);
  });
});

describe("searchPublicReleases", () => {
  let visibleCompany: number;
  let categoryId: number;
  let subcategoryId: number;
  let word: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // A word no other release holds, so each page holds only this block's releases.
    word = `Zephyr${unique("w").slice(2, 8).replace(/[0-9]/g, "x")}werk`;
    const company = await seedCompany({ name: "Sichtbar AG", slug: unique("sichtbar") });
    const inactive = await seedCompany({ name: "Ruhend AG", isActive: false });
    visibleCompany = company.id;
    const category = await db.category.create({
      data: { portal: "business", slug: unique("energie"), nameDe: "Energie", nameEn: "Energy" },
    });
    const sub = await db.category.create({
      data: { portal: "business", slug: unique("wind"), nameDe: "Wind", nameEn: "Wind", parentId: category.id },
    });
    categoryId = category.id;
    subcategoryId = sub.id;
    const text = (extra: string) => `<p>Das ${word} liefert Strom. ${extra}</p>`;
    ids.visible = (await published({ companyId: company.id, body: text("Sichtbar."), categoryId: category.id, publishedAt: ago(2) })).id;
    ids.sub = (await published({ companyId: company.id, body: text("Unterkategorie."), categoryId: sub.id, publishedAt: ago(4) })).id;
    ids.old = (await published({ companyId: company.id, body: text("Alt."), publishedAt: ago(40) })).id;
    ids.english = (await published({ companyId: company.id, language: "en", body: text("English."), publishedAt: ago(3) })).id;
    ids.noExport = (await published({ companyId: company.id, body: text("Gesperrt."), noExport: true })).id;
    ids.embargoed = (await published({ companyId: company.id, body: text("Sperrfrist."), publishedAt: new Date(NOW.getTime() + DAY) })).id;
    ids.gone = (await published({ companyId: company.id, body: text("Entfernt."), goneAt: ago(1), noExport: true })).id;
    ids.inactive = (await published({ companyId: inactive.id, body: text("Ruhend.") })).id;
    ids.draft = (await published({ companyId: company.id, body: text("Entwurf."), status: "draft", publishedAt: null })).id;
    // A stale mirror row that calls itself public: the release rule still keeps it away.
    ids.stale = (await published({ companyId: company.id, body: text("Veraltet."), noExport: true })).id;
    await db.pressReleaseSearch.update({ where: { pressReleaseId: ids.stale }, data: { isPublic: true } });
    await db.pressReleaseSearch.updateMany({ where: { pressReleaseId: { in: [ids.draft!] } }, data: { isPublic: true } });
    await db.$executeRawUnsafe("ANALYZE press_release_search");
  });

  const input = (extra: Partial<PublicSearchInput> = {}): PublicSearchInput => ({
    portal: "business",
    language: "de",
    q: word,
    order: "rank",
    page: 1,
    now: NOW,
    ...extra,
  });

  it("finds only releases visible in the archive: never withheld, embargoed, gone, draft or of an inactive newsroom", async () => {
    for (const order of ["rank", "newest"] as const) {
      const got = await searchPublicReleases(input({ order }));
      expect(got.items.map((i) => i.id).sort()).toEqual([ids.visible, ids.sub, ids.old].sort());
      expect(got).toMatchObject({ total: 3, capped: false, page: 1, pageCount: 1 });
    }
    // Each way of the search, with the same answer.
    for (const tuning of Object.values(WAYS)) {
      const found = await searchReleases({
        q: word,
        portal: "business",
        language: "de",
        archiveOnly: true,
        now: NOW,
        order: "newest",
        ...(tuning ? { tuning } : {}),
      });
      expect(found.ids).toEqual([ids.visible, ids.sub, ids.old]);
    }
    // The newest list without words leaves them out too.
    const newest = await searchPublicReleases(input({ q: "", companyId: visibleCompany }));
    expect(newest.items.map((i) => i.id)).toEqual([ids.visible, ids.sub, ids.old]);
    expect(newest.items[0]!.segments[0]).toMatchObject({ hit: false });
  });

  it("asks the release rule itself: a mirror row that calls itself public shows nothing it should not", async () => {
    // The inactive newsroom's release, its mirror row stale.
    await db.pressReleaseSearch.update({ where: { pressReleaseId: ids.inactive! }, data: { isPublic: true } });
    try {
      const got = await searchPublicReleases(input({ order: "newest" }));
      expect(got.items.map((i) => i.id)).toEqual([ids.visible, ids.sub, ids.old]);
    } finally {
      await db.pressReleaseSearch.update({ where: { pressReleaseId: ids.inactive! }, data: { isPublic: false } });
    }
  });

  it("gives each item its page data and a marked excerpt", async () => {
    const got = await searchPublicReleases(input({ order: "newest" }));
    const [first] = got.items;
    const release = await db.pressRelease.findUniqueOrThrow({ where: { id: ids.visible! }, include: { company: true } });
    expect(first).toEqual({
      id: release.id,
      slug: release.slug,
      title: release.title,
      publishedAt: release.publishedAt,
      companyName: "Sichtbar AG",
      companySlug: release.company.slug,
      categoryName: "Energie",
      segments: expect.arrayContaining([{ text: word, hit: true }]),
    });
    expect(got.items[2]!.categoryName).toBeUndefined();
    const english = await searchPublicReleases(input({ language: "en" }));
    expect(english.items.map((i) => i.id)).toEqual([ids.english]);
    expect(english.items[0]!.categoryName).toBeUndefined();
  });

  it("filters by category with its subcategories, by newsroom and by date range", async () => {
    const ofCategory = await searchPublicReleases(input({ categoryId, order: "newest" }));
    expect(ofCategory.items.map((i) => i.id)).toEqual([ids.visible, ids.sub]);
    expect((await searchPublicReleases(input({ categoryId: subcategoryId }))).items.map((i) => i.id)).toEqual([ids.sub]);
    expect((await searchPublicReleases(input({ companyId: visibleCompany + 100_000 }))).items).toEqual([]);
    const range = await searchPublicReleases(input({ from: ago(10), until: ago(3), order: "newest" }));
    expect(range.items.map((i) => i.id)).toEqual([ids.sub]);
    expect((await searchPublicReleases(input({ from: ago(30) }))).total).toBe(2);
    expect((await searchPublicReleases(input({ until: ago(30) }))).items.map((i) => i.id)).toEqual([ids.old]);
  });

  it("a page past the last one is empty, with the count", async () => {
    for (const page of [2, 51, 10_000, Number.MAX_SAFE_INTEGER]) {
      expect(await searchPublicReleases(input({ page }))).toEqual({ total: 3, capped: false, page, pageCount: 1, items: [] });
    }
    const list = await searchPublicReleases(input({ q: "", page: 9_999 }));
    expect([list.items, list.page]).toEqual([[], 9_999]);
    expect(list.pageCount).toBe(Math.min(Math.ceil(list.total / PUBLIC_SEARCH_PER_PAGE), PUBLIC_SEARCH_MAX_PAGE));
  });

  it("refuses unusable input with validation_failed, field by field", async () => {
    const refused = async (extra: Record<string, unknown>, path: string) => {
      const err = await searchPublicReleases(input(extra as Partial<PublicSearchInput>)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, JSON.stringify(extra)).toBeInstanceOf(AppError);
      expect(err, JSON.stringify(extra)).toMatchObject({
        code: "validation_failed",
        issues: expect.arrayContaining([expect.objectContaining({ path })]),
      });
    };
    await refused({ q: "x".repeat(201) }, "q");
    await refused({ q: "Wind".repeat(1250) }, "q");
    await refused({ q: "Wind\u0000park" }, "q");
    await refused({ q: "Wind\uD800park" }, "q");
    await refused({ q: "Wind\u0002park" }, "q");
    await refused({ q: "\u202Eevil" }, "q");
    await refused({ q: 42 }, "q");
    await refused({ page: 0 }, "page");
    await refused({ page: -1 }, "page");
    await refused({ page: 1.5 }, "page");
    await refused({ page: Number.NaN }, "page");
    await refused({ page: Number.POSITIVE_INFINITY }, "page");
    await refused({ page: "2" }, "page");
    await refused({ categoryId: 0 }, "categoryId");
    await refused({ categoryId: 2 ** 31 }, "categoryId");
    await refused({ categoryId: 999_999_999 }, "categoryId");
    await refused({ categoryId: -3 }, "categoryId");
    await refused({ companyId: 2 ** 40 }, "companyId");
    await refused({ from: new Date(Number.NaN) }, "from");
    await refused({ until: new Date(-8.64e15) }, "until");
    await refused({ from: ago(1), until: ago(2) }, "until");
    await refused({ portal: "hub" }, "portal");
    await refused({ language: "fr" }, "language");
    await refused({ order: "random" }, "order");
    // A category of the other portal, and an inactive one, are unknown here.
    const tech = await db.category.create({ data: { portal: "tech", slug: unique("tech"), nameDe: "T", nameEn: "T" } });
    await refused({ categoryId: tech.id }, "categoryId");
    const off = await db.category.create({ data: { portal: "business", slug: unique("aus"), nameDe: "A", nameEn: "A", isActive: false } });
    await refused({ categoryId: off.id }, "categoryId");
    // 200 characters are fine.
    expect((await searchPublicReleases(input({ q: "x".repeat(200) }))).items).toEqual([]);
  });

  it("hostile words answer a page or a validation error, never a failed query", { timeout: 120_000 }, async () => {
    const signs = [
      '"',
      "'",
      "\\",
      "&",
      "|",
      "!",
      ":",
      "*",
      "(",
      ")",
      "<",
      ">",
      "-",
      " ",
      "or",
      "and",
      "not",
      "<->",
      "<2>",
      "ß",
      "ü",
      "😀",
      "\u200B",
      "%",
      "_",
      ";",
      "$$",
    ];
    let seed = 99;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const queries = [
      '"',
      "&&&",
      "!:*",
      "'",
      "\\",
      ":*",
      "<->",
      "(",
      "-",
      '""',
      '-""',
      "a:*b",
      "'; DROP TABLE press_releases; --",
      "x".repeat(5000),
      "\u0000",
      "a\u0000b",
      "\uD800",
      "\uDC00x",
      "😀".repeat(100),
      "\u0007",
      `${word}:*`,
      ...Array.from({ length: 200 }, () => Array.from({ length: 1 + next(12) }, () => signs[next(signs.length)]).join(next(2) ? " " : "")),
    ];
    for (const q of queries) {
      for (const order of ["rank", "newest"] as const) {
        try {
          const got = await searchPublicReleases(input({ q, order }));
          expect(Array.isArray(got.items), JSON.stringify(q)).toBe(true);
          for (const item of got.items) for (const s of item.segments) expect(s.text).not.toMatch(/[\u0000\u0002\u0003]/);
        } catch (err) {
          expect(err, JSON.stringify(q)).toBeInstanceOf(AppError);
          expect((err as AppError).code, JSON.stringify(q)).toBe("validation_failed");
        }
      }
    }
  });
});
