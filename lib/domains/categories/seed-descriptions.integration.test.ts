import { describe, expect, it } from "vitest";
import { portalTag } from "@/lib/domains/sites/public-tags";
import { db } from "@/lib/core/db/client";
import { runCommand } from "@/tests/console-run";
import { unique } from "@/tests/factories";
import { describeCategoryDe, describeCategoryEn } from "./description-templates";

// categories:seed-descriptions (spec 4.7). The file has its own database, so the command sees
// only the categories made here.

async function seedTree(portal: "business" | "tech" = "business") {
  const parent = await db.category.create({
    data: { portal, slug: unique("finanzen"), nameDe: "Finanzen", nameEn: "Finance", position: 1 },
  });
  const banks = await db.category.create({
    data: { portal, slug: unique("banken"), parentId: parent.id, nameDe: "Banken", nameEn: "Banking", position: 1 },
  });
  const insurance = await db.category.create({
    data: { portal, slug: unique("versicherungen"), parentId: parent.id, nameDe: "Versicherungen", nameEn: "Insurance", position: 2 },
  });
  return { parent, banks, insurance };
}

const newestInvalidation = () => db.publicCacheInvalidation.findFirst({ orderBy: { id: "desc" } });

describe("the description texts", () => {
  it("name one subcategory in the singular and leave out a list too long for the field", () => {
    const one = {
      portal: "tech" as const,
      nameDe: "Forschung",
      nameEn: "Research",
      parent: null,
      children: [{ nameDe: "Medizintechnik", nameEn: "Medical technology" }],
    };
    expect(describeCategoryDe(one)).toBe(
      "Pressemitteilungen der Kategorie Forschung auf Pressdesk Tech: aktuelle Meldungen, Zahlen und Personalien direkt von Unternehmen, Verbänden und Institutionen. Dazu gehört auch die Unterkategorie Medizintechnik. Pressdesk Tech veröffentlicht Pressemitteilungen aus Technik, Forschung und Wissenschaft. Neue Meldungen gibt es auch als RSS-Feed.",
    );
    expect(describeCategoryEn(one)).toBe(
      "Press releases in the Research category on Pressdesk Tech: current news, figures and appointments straight from companies, associations and institutions. It also covers the subcategory Medical technology. Pressdesk Tech publishes press releases from technology, research and science. New releases are also available as an RSS feed.",
    );
    const many = {
      ...one,
      children: Array.from({ length: 20 }, (_, i) => ({ nameDe: `Unterkategorie ${i}`, nameEn: `Subcategory ${i}` })),
    };
    for (const text of [describeCategoryDe(many), describeCategoryEn(many)]) {
      expect(text.length).toBeLessThanOrEqual(600);
      expect(text).not.toContain("Unterkategorie 0");
      expect(text).not.toContain("Subcategory 0");
    }
  });
});

describe("categories:seed-descriptions", () => {
  it("prints in a dry run what it would write and writes nothing; fills only empty ones; --force replaces", async () => {
    const { parent, banks, insurance } = await seedTree();
    await db.category.update({ where: { id: insurance.id }, data: { descriptionDe: "Von Hand geschrieben." } });
    const before = await db.category.findMany({ orderBy: { id: "asc" } });

    const dry = await runCommand("categories:seed-descriptions", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out.at(-1)).toBe("dry run, nothing written: would write 5 descriptions of 3 categories");
    expect(dry.out).toContain(
      `business/${parent.slug} [de]: Pressemitteilungen der Kategorie Finanzen auf Pressdesk Business: aktuelle Meldungen, Zahlen und Personalien direkt von Unternehmen, Verbänden und Institutionen. Dazu gehören auch die Unterkategorien Banken und Versicherungen. Pressdesk Business veröffentlicht Pressemitteilungen aus Wirtschaft, Handel und Finanzen. Neue Meldungen gibt es auch als RSS-Feed.`,
    );
    expect(await db.category.findMany({ orderBy: { id: "asc" } })).toEqual(before);

    const run = await runCommand("categories:seed-descriptions");
    expect(run.out.at(-1)).toBe("wrote 5 descriptions of 3 categories");
    const banksNow = await db.category.findUniqueOrThrow({ where: { id: banks.id } });
    expect(banksNow.descriptionEn).toBe(
      "Press releases in the Banking category, part of Finance on Pressdesk Business: current news, figures and appointments straight from companies, associations and institutions. New releases are also available as an RSS feed.",
    );
    expect((await db.category.findUniqueOrThrow({ where: { id: insurance.id } })).descriptionDe).toBe("Von Hand geschrieben.");
    expect((await newestInvalidation())?.tags).toEqual([portalTag("business")]);
    expect(await db.activityLog.findFirst({ where: { type: "category.descriptions_seeded" } })).toMatchObject({
      actorUserId: null,
      result: "filled",
      metadata: { written: 5 },
    });

    expect((await runCommand("categories:seed-descriptions")).out).toEqual(["wrote 0 descriptions of 0 categories"]);
    const forced = await runCommand("categories:seed-descriptions", "--force");
    expect(forced.out).toEqual([
      expect.stringMatching(
        new RegExp(
          `^business/${insurance.slug} \\[de\\] \\(replaces\\): Pressemitteilungen der Kategorie Versicherungen, Teil des Bereichs Finanzen`,
        ),
      ),
      "wrote 1 description of 1 category",
    ]);
  });

  it("refuses unknown options and values on flags as a wrong call", async () => {
    expect((await runCommand("categories:seed-descriptions", "--dryrun")).code).toBe(2);
    expect((await runCommand("categories:seed-descriptions", "--force=yes")).code).toBe(2);
    expect((await runCommand("categories:seed-descriptions", "extra")).code).toBe(2);
    expect((await runCommand("categories:seed-descriptions", "--help")).out[0]).toBe(
      "Usage: categories:seed-descriptions [--dry-run] [--force]",
    );
  });
});
