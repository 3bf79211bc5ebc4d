import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { DIRECTORY_PAGE_SIZE, newsroomDirectory, type DirectoryQuery } from "./newsroom-directory";
import { visitReaderPage } from "@/tests/reader-pages";

// Portal editions are shared by the tests of this file; each test keeps to its own:
// business/de: visibility and hostile input (told apart by a unique name part), tech/de: order
// and filters, tech/en: pagination.
const HOUR = 3_600_000;
const live = (companyId: number, data: Partial<Prisma.PressReleaseUncheckedCreateInput> = {}) =>
  seedRelease({
    companyId,
    status: "published",
    publishedAt: new Date(Date.now() - HOUR),
    publishedEverAt: new Date(Date.now() - HOUR),
    ...data,
  });

const dir = (portal: "business" | "tech", edition: "de" | "en", query: Partial<DirectoryQuery> = {}) =>
  newsroomDirectory({ portal, edition, letter: null, q: "", page: 1, ...query });
const names = async (...args: Parameters<typeof dir>) => (await dir(...args))!.entries.map((e) => e.name);

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "no-inline-style": "off",
    "attribute-boolean-style": "off",
    "no-redundant-role": "off",
    "attr-case": "off",
    "no-trailing-whitespace": "off",
    "void-style": "off",
  },
});

/** The route as a request reaches it: the page's HTML, or "404". */
async function visit(portal: string, edition: string, search: { letter?: string; q?: string | string[]; page?: string }): Promise<string> {
  const route = await import("@/app/portal/[portal]/[edition]/newsroom/route");
  const { status, html } = await visitReaderPage(route.GET, { portal, edition }, search as Record<string, string | string[]>);
  return status === 404 ? "404" : html;
}

describe("newsroom directory: who is listed", () => {
  it("lists public, unmerged newsrooms with a release visible in the archive of this edition; counts those releases", async () => {
    const tag = unique("Vis");
    const listed = await seedCompany({ name: `${tag} Sichtbar GmbH`, descriptionDe: "Ein Newsroom.", descriptionEn: "A newsroom." });
    await live(listed.id);
    await live(listed.id);
    await live(listed.id, { noExport: true });
    await live(listed.id, { language: "en" });
    await live(listed.id, { portal: "tech" });
    const merged = await seedCompany({ portal: "both", name: `${tag} Beide AG` });
    await live(merged.id);

    const hidden = {
      inactive: { company: { isActive: false } },
      gone: { company: { goneAt: new Date() } },
      deleted: { company: { deletedAt: new Date() } },
      merged: { company: { mergedIntoCompanyId: listed.id } },
      noRelease: { release: null },
      draft: { release: { status: "draft" as const, publishedAt: null } },
      scheduled: { release: { status: "scheduled" as const, publishedAt: null, scheduledAt: new Date(Date.now() + HOUR) } },
      embargoed: { release: { publishedAt: new Date(Date.now() + HOUR) } },
      otherEdition: { release: { language: "en" as const } },
      otherPortal: { release: { portal: "tech" as const } },
      noExport: { release: { noExport: true } },
      goneRelease: { release: { goneAt: new Date(), noExport: true } },
      deletedRelease: { release: { deletedAt: new Date() } },
    } satisfies Record<
      string,
      { company?: Partial<Prisma.CompanyUncheckedCreateInput>; release?: Partial<Prisma.PressReleaseUncheckedCreateInput> | null }
    >;
    for (const [key, state] of Object.entries(hidden)) {
      const company = await seedCompany({ name: `${tag} ${key}`, ...("company" in state ? state.company : {}) });
      const release = "release" in state ? state.release : {};
      if (release) await live(company.id, release);
    }

    const de = (await dir("business", "de", { q: tag }))!;
    expect(de.entries.map((e) => e.name)).toEqual([`${tag} Beide AG`, `${tag} Sichtbar GmbH`]);
    const entry = de.entries[1]!;
    expect(entry).toMatchObject({
      id: listed.id,
      href: `/de/newsroom/${listed.slug}`,
      description: "Ein Newsroom.",
      logoUrl: null,
      releaseCount: 2,
    });
    // The other edition: its own releases and its own description.
    const en = (await dir("business", "en", { q: tag }))!;
    expect(en.entries.map((e) => e.name)).toEqual([`${tag} otherEdition`, `${tag} Sichtbar GmbH`]);
    expect(en.entries[1]).toMatchObject({ href: `/en/newsroom/${listed.slug}`, description: "A newsroom.", releaseCount: 1 });
    // A newsroom of the other portal is not listed, even with a stray release there.
    expect(await names("tech", "de", { q: tag })).toEqual([]);
  });

  it("shows a logo by its public URL and a short description", async () => {
    const tag = unique("Logo");
    const company = await seedCompany({
      name: `${tag} AG`,
      logoPath: "logos/abc.webp",
      descriptionEn: `${"Sehr lange Beschreibung ".repeat(20)}Ende`,
    });
    await live(company.id);
    const [entry] = (await dir("business", "de", { q: tag }))!.entries;
    expect(entry!.logoUrl).toBe("/media/logos/abc.webp");
    // No German description: the English one stands in (the edition rule), cut short.
    expect(entry!.description!.length).toBeLessThanOrEqual(180);
    expect(entry!.description).toMatch(/^Sehr lange Beschreibung .*…$/);
  });
});

describe("newsroom directory: order and filters", () => {
  it("sorts A–Z the German way (umlauts as their base letter, numbers by value) and files names under letters", async () => {
    const all = [
      "Zeta AG",
      "Äpfel GmbH",
      "Apfel",
      "Äpfel",
      "Apfelbaum KG",
      "10X Systems",
      "3M Deutschland",
      "Öko Strom",
      "Ober AG",
      "„Zukunft“ e.V.",
      "Ωmega Ltd",
      "ärzte.de",
      "Bauer",
      "Bau AG",
      "+++",
    ];
    for (const name of all) await live((await seedCompany({ portal: "tech", name })).id, { portal: "tech" });

    const full = (await dir("tech", "de"))!;
    expect(full.entries.map((e) => e.name)).toEqual([
      "3M Deutschland",
      "10X Systems",
      "Apfel",
      "Äpfel",
      "Äpfel GmbH",
      "Apfelbaum KG",
      "ärzte.de",
      "Bau AG",
      "Bauer",
      "Ober AG",
      "Öko Strom",
      "Zeta AG",
      "„Zukunft“ e.V.",
      "+++",
      "Ωmega Ltd",
    ]);
    const count = (l: string) => full.letters.find((x) => x.letter === l)!.count;
    expect([count("0-9"), count("A"), count("B"), count("O"), count("Z"), count("#"), count("Q")]).toEqual([2, 5, 2, 2, 2, 2, 0]);
    expect(full.letters.map((l) => l.letter).join(" ")).toBe("0-9 A B C D E F G H I J K L M N O P Q R S T U V W X Y Z #");

    expect(await names("tech", "de", { letter: "A" })).toEqual(["Apfel", "Äpfel", "Äpfel GmbH", "Apfelbaum KG", "ärzte.de"]);
    expect(await names("tech", "de", { letter: "O" })).toEqual(["Ober AG", "Öko Strom"]);
    expect(await names("tech", "de", { letter: "0-9" })).toEqual(["3M Deutschland", "10X Systems"]);
    expect(await names("tech", "de", { letter: "#" })).toEqual(["+++", "Ωmega Ltd"]);
    expect(await names("tech", "de", { letter: "Q" })).toEqual([]);

    // Search ignores case and accents; with a letter both must hold.
    expect(await names("tech", "de", { q: "ÄPFEL" })).toEqual(["Apfel", "Äpfel", "Äpfel GmbH", "Apfelbaum KG"]);
    expect(await names("tech", "de", { q: "oko" })).toEqual(["Öko Strom"]);
    expect(await names("tech", "de", { q: "bau" })).toEqual(["Apfelbaum KG", "Bau AG", "Bauer"]);
    expect(await names("tech", "de", { q: "bau", letter: "B" })).toEqual(["Bau AG", "Bauer"]);

    // The letter bar counts the whole directory, whatever the filter.
    expect((await dir("tech", "de", { letter: "B" }))!.letters).toEqual(full.letters);
  });
});

describe("newsroom directory: hostile search words and bounds", () => {
  it("answers every search, however strange, with a page and literal matches (never a 5xx)", async () => {
    const tag = unique("Odd");
    const odd = await seedCompany({ name: `${tag} (Test) [AG] 100% .* _x_ \\ Ü` });
    await live(odd.id);
    const plain = await seedCompany({ name: `${tag} Plain` });
    await live(plain.id);
    const hostile = [
      `${tag}\u0000`,
      "\u0000\u0000",
      "x".repeat(10_240),
      "'; DROP TABLE companies; --",
      "' OR '1'='1",
      ".*",
      "(",
      "[",
      "\\",
      "%",
      "_x_",
      "$(rm -rf /)",
      "<script>alert(1)</script>",
      "\uD800",
      "ü",
    ];
    for (const q of hostile) {
      const html = await visit("business", "de", { q });
      expect(html, q.slice(0, 20)).not.toBe("404");
    }
    // Found literally, never as a pattern.
    expect(await visit("business", "de", { q: `${tag}\u0000` })).toContain(`/de/newsroom/${plain.slug}`);
    for (const q of [".*", "%", "_x_", "(Test) [AG]", "\\", "100%"]) expect(await names("business", "de", { q })).toEqual([odd.name]);
    expect(await names("business", "de", { q: "'; DROP TABLE companies; --" })).toEqual([]);
    expect(await db.company.count()).toBeGreaterThan(0);
    // Search words are echoed escaped, never as markup.
    const echoed = await visit("business", "de", { q: "<script>alert(1)</script>" });
    expect(echoed).not.toContain("<script>alert(1)");
    expect(echoed).toContain("Keine Newsrooms gefunden.");
    // A repeated parameter counts once; an unknown letter or a bad page names nothing.
    expect(await visit("business", "de", { q: [tag, "zzz"] })).toContain(`/de/newsroom/${plain.slug}`);
    for (const search of [{ letter: "ä" }, { letter: "ab" }, { page: "0" }, { page: "x" }, { page: "1e3" }])
      expect(await visit("business", "de", search)).toBe("404");
    for (const [portal, edition] of [
      ["hub", "de"],
      ["business", "fr"],
    ])
      expect(await visit(portal!, edition!, {})).toBe("404");
  });

  it("pages 60 at a time; past the last page is a 404, an empty filter an empty first page", async () => {
    const created = await db.company.createManyAndReturn({
      data: Array.from({ length: DIRECTORY_PAGE_SIZE + 1 }, (_, i) => ({
        portal: "tech" as const,
        slug: unique(`page-${i}`),
        name: `Seite ${String(i).padStart(3, "0")}`,
      })),
    });
    for (const c of created) await live(c.id, { portal: "tech", language: "en" });

    const first = (await dir("tech", "en"))!;
    expect([first.total, first.totalPages, first.entries.length]).toEqual([61, 2, 60]);
    const second = (await dir("tech", "en", { page: 2 }))!;
    expect(second.entries.map((e) => e.name)).toEqual(["Seite 060"]);
    expect(await dir("tech", "en", { page: 3 })).toBeNull();
    expect((await dir("tech", "en", { letter: "S" }))!.totalPages).toBe(2);
    expect(await dir("tech", "en", { letter: "A", page: 2 })).toBeNull();
    const none = (await dir("tech", "en", { q: "gibt es nicht" }))!;
    expect([none.total, none.totalPages, none.entries]).toEqual([0, 0, []]);
    expect(await dir("tech", "en", { q: "gibt es nicht", page: 2 })).toBeNull();

    // Canonical and hreflang: later pages and searches carry no alternates; a search's canonical is unsearched.
    expect(first.canonical).toMatch(/^https?:\/\/tech\.[^/]+\/en\/newsroom$/);
    expect(first.alternates).toEqual({
      de: expect.stringMatching(/\/de\/newsroom$/),
      en: expect.stringMatching(/\/en\/newsroom$/),
      "x-default": expect.stringMatching(/\/de\/newsroom$/),
    });
    expect(second.canonical).toMatch(/\/en\/newsroom\?page=2$/);
    expect(second.alternates).toBeNull();
    const searched = (await dir("tech", "en", { q: "Seite", letter: "S", page: 2 }))!;
    expect([searched.canonical.replace(/^.*\/en\//, "/en/"), searched.alternates]).toEqual(["/en/newsroom?letter=s", null]);

    // The rendered page: pager links keep the filter; entries are valid, accessible HTML.
    const html = await visit("tech", "en", { letter: "s" });
    expect(html).toContain('href="/en/newsroom?letter=s&amp;page=2"');
    expect(html).toContain("61 newsrooms");
    expect(html).toMatch(/<a href="\/en\/newsroom\?letter=s" aria-current="page">S<\/a>/);
    const report = await validator.validateString(html);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });
});
