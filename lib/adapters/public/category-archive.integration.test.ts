import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, unique } from "@/tests/factories";
import { berlinYearOf, berlinYearStart, categoryArchive, categoryLanding } from "./category-archive";

const NOW = new Date("2026-11-20T12:00:00Z");

async function setup() {
  const company = await seedCompany({ portal: "tech" });
  const parent = await db.category.create({ data: { portal: "tech", slug: unique("arch"), nameDe: "Forschung", nameEn: "Research" } });
  const child = await db.category.create({
    data: { portal: "tech", slug: unique("sub"), parentId: parent.id, nameDe: "Medizin", nameEn: "Medicine" },
  });
  const rows = [
    // 66 in 2026, the newest first; one of them in the subcategory.
    ...Array.from({ length: 65 }, (_, i) => ({ publishedAt: new Date(NOW.getTime() - (i + 1) * 3_600_000), categoryId: parent.id })),
    // 23:30 UTC on New Year's Eve is already 2026 in Berlin.
    { publishedAt: new Date("2025-12-31T23:30:00Z"), categoryId: child.id },
    { publishedAt: new Date("2025-06-01T10:00:00Z"), categoryId: parent.id },
    { publishedAt: new Date("2025-03-01T10:00:00Z"), categoryId: child.id },
    { publishedAt: new Date("2024-05-01T10:00:00Z"), categoryId: parent.id, noExport: true },
    { publishedAt: new Date("2023-05-01T10:00:00Z"), categoryId: parent.id, language: "en" as const },
  ];
  await db.pressRelease.createMany({
    data: rows.map((r, i) => ({
      portal: "tech" as const,
      language: "de" as const,
      slug: unique(`a${i}`),
      title: `Archiv ${i}`,
      body: "<p>x</p>",
      contentHash: "0".repeat(64),
      companyId: company.id,
      status: "published" as const,
      ...r,
    })),
  });
  return { parent, child };
}

describe("category archive", () => {
  it("years in Berlin time with counts; 30 per page newest first; empty year and empty later page are 404", async () => {
    expect(berlinYearStart(2026).toISOString()).toBe("2025-12-31T23:00:00.000Z");
    expect(berlinYearOf(new Date("2025-12-31T23:30:00Z"))).toBe(2026);
    const { parent } = await setup();
    const first = (await categoryArchive("tech", "de", parent.slug, 2026, 1, NOW))!;
    expect(first.years).toEqual([
      { year: 2026, count: 66 },
      { year: 2025, count: 2 },
    ]);
    expect(first.releases).toHaveLength(30);
    expect(first.releases[0]!.title).toBe("Archiv 0");
    expect(first.totalPages).toBe(3);
    expect(first.canonical).toMatch(new RegExp(`/de/category/${parent.slug}/archiv/2026$`));
    expect(first.alternates).toEqual({
      de: expect.stringMatching(/\/de\/category\/.+\/archiv\/2026$/),
      en: expect.stringMatching(/\/en\/category\/.+\/archive\/2026$/),
    });

    const third = (await categoryArchive("tech", "de", parent.slug, 2026, 3, NOW))!;
    expect(third.releases.map((r) => r.title).at(-1)).toBe("Archiv 65");
    expect(third.releases).toHaveLength(6);
    expect(third.canonical).toMatch(/archiv\/2026\?page=3$/);
    expect(third.alternates).toBeNull();

    expect(await categoryArchive("tech", "de", parent.slug, 2026, 4, NOW)).toBeNull();
    expect(await categoryArchive("tech", "de", parent.slug, 2024, 1, NOW)).toBeNull(); // only a no_export release
    expect(await categoryArchive("tech", "de", parent.slug, 2022, 1, NOW)).toBeNull();
    expect(await categoryArchive("tech", "de", "unknown-category", 2026, 1, NOW)).toBeNull();
    expect(await categoryArchive("business", "de", parent.slug, 2026, 1, NOW)).toBeNull();
  });

  it("without a year the latest year with releases is used; the edition filters", async () => {
    const { parent } = await setup();
    expect((await categoryArchive("tech", "de", parent.slug, null, 1, NOW))!.year).toBe(2026);
    const en = (await categoryArchive("tech", "en", parent.slug, null, 1, NOW))!;
    expect([en.year, en.releases.length]).toEqual([2023, 1]);
  });

  it("the category page shows the newest releases of the category and its active subcategories", async () => {
    const { parent, child } = await setup();
    const landing = (await categoryLanding("tech", "de", parent.slug, NOW))!;
    expect(landing.releases).toHaveLength(20);
    expect(landing.category.children.map((c) => c.slug)).toEqual([child.slug]);
    await db.category.update({ where: { id: parent.id }, data: { isActive: false } });
    expect(await categoryLanding("tech", "de", parent.slug, NOW)).toBeNull();
  });
});
