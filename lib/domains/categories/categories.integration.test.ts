import { describe, expect, it } from "vitest";
import { seedUserWithRandomId } from "@/tests/two-factor-fixtures";
import { portalTag, PUBLIC_TAG } from "@/lib/domains/sites/public-tags";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { publicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { unique } from "@/tests/factories";
import { seedAdmin } from "@/tests/release-fixtures";
import { parseCategoryForm, parseSeenVersion, type CategoryInput } from "./category-input";
import { listCategoryTrees, loadCategoryNode } from "./category-tree";
import { updateCategory } from "./update-category";

// Categories in the admin area (press-releases:publish): the tree, the edit and its refusals.

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

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

const input = (
  c: { nameDe: string; nameEn: string; descriptionDe: string | null; descriptionEn: string | null; isActive: boolean },
  change: Partial<CategoryInput> = {},
): CategoryInput => ({
  nameDe: c.nameDe,
  nameEn: c.nameEn,
  descriptionDe: c.descriptionDe,
  descriptionEn: c.descriptionEn,
  isActive: c.isActive,
  ...change,
});

const newestInvalidation = () => db.publicCacheInvalidation.findFirst({ orderBy: { id: "desc" } });

describe("the category tree", () => {
  it("lists each portal's categories with parents and children in order", async () => {
    const { parent, banks, insurance } = await seedTree();
    const trees = await listCategoryTrees();
    const root = trees.business.find((n) => n.id === parent.id)!;
    expect(root.children.map((c) => [c.id, c.depth, c.parent?.id])).toEqual([
      [banks.id, 1, parent.id],
      [insurance.id, 1, parent.id],
    ]);
    expect((await loadCategoryNode(banks.id)).parent?.nameDe).toBe("Finanzen");
    await expect(loadCategoryNode(2_147_483_000)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("editing a category", () => {
  it("saves a description, records who changed what, and drops only the portal's lists", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { banks } = await seedTree("tech");
    const generation = await publicCacheGeneration(db);
    const result = await updateCategory({
      adminUserId: editor.id,
      categoryId: banks.id,
      input: input(banks, { descriptionDe: "Meldungen der Banken." }),
      expectedUpdatedAt: banks.updatedAt,
    });
    expect(result).toEqual({ changed: ["descriptionDe"] });
    expect((await db.category.findUniqueOrThrow({ where: { id: banks.id } })).descriptionDe).toBe("Meldungen der Banken.");
    expect((await newestInvalidation())?.tags).toEqual([portalTag("tech")]);
    expect(await publicCacheGeneration(db)).toBe(generation);
    expect(await db.activityLog.findFirst({ where: { type: "category.updated", subjectId: String(banks.id) } })).toMatchObject({
      actorUserId: editor.id,
      metadata: { changed: ["descriptionDe"] },
    });
  });

  it("drops every cached page when a name or the active flag changes, and writes nothing when nothing changed", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { banks } = await seedTree();
    const generation = await publicCacheGeneration(db);
    await updateCategory({
      adminUserId: editor.id,
      categoryId: banks.id,
      input: input(banks, { nameEn: "Banks", isActive: false }),
      expectedUpdatedAt: banks.updatedAt,
    });
    expect(await publicCacheGeneration(db)).toBe(generation + 1);
    expect((await newestInvalidation())?.tags).toEqual([PUBLIC_TAG]);
    const now = await db.category.findUniqueOrThrow({ where: { id: banks.id } });
    const entries = await db.activityLog.count({ where: { type: "category.updated" } });
    expect(
      await updateCategory({ adminUserId: editor.id, categoryId: banks.id, input: input(now), expectedUpdatedAt: now.updatedAt }),
    ).toEqual({ changed: [] });
    expect(await db.activityLog.count({ where: { type: "category.updated" } })).toBe(entries);
  });

  it("refuses a save over someone else's newer one instead of undoing it", async () => {
    const [a, b] = [await seedAdmin(["press-releases:publish"]), await seedAdmin(["press-releases:publish"])];
    const { banks } = await seedTree();
    const saves = await Promise.allSettled(
      [a, b].map((e, i) =>
        updateCategory({
          adminUserId: e.id,
          categoryId: banks.id,
          input: input(banks, { descriptionEn: `Version ${i}` }),
          expectedUpdatedAt: banks.updatedAt,
        }),
      ),
    );
    expect(saves.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    expect((saves.find((s) => s.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
  });

  it("is refused without press-releases:publish, to a customer and to a deactivated editor; nothing changes", async () => {
    const { banks } = await seedTree();
    const before = [
      await db.category.findUniqueOrThrow({ where: { id: banks.id } }),
      await db.activityLog.count(),
      await db.publicCacheInvalidation.count(),
    ];
    for (const actor of [
      await seedAdmin(["companies:write", "users:manage", "billing:manage", "compliance:manage"]),
      await seedUserWithRandomId(),
      await seedUserWithRandomId({ staffRole: "admin", permissions: ["press-releases:publish"], isActive: false }),
    ]) {
      expect(
        (
          await errorOf(
            updateCategory({
              adminUserId: actor.id,
              categoryId: banks.id,
              input: input(banks, { descriptionDe: "Angriff" }),
              expectedUpdatedAt: banks.updatedAt,
            }),
          )
        ).code,
      ).toBe("forbidden");
    }
    expect([
      await db.category.findUniqueOrThrow({ where: { id: banks.id } }),
      await db.activityLog.count(),
      await db.publicCacheInvalidation.count(),
    ]).toEqual(before);
  });

  it("is refused without the version the editor saw (a forged or stripped form), before anything is read; nothing changes", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { banks } = await seedTree();
    const before = [
      await db.category.findUniqueOrThrow({ where: { id: banks.id } }),
      await db.activityLog.count(),
      await db.publicCacheInvalidation.count(),
    ];
    const stripped = {
      adminUserId: editor.id,
      categoryId: banks.id,
      input: input(banks, { descriptionDe: "Ohne Versionsangabe überschrieben" }),
    } as Parameters<typeof updateCategory>[0];
    for (const expectedUpdatedAt of [undefined, null, new Date(Number.NaN), "2026-01-01T00:00:00.000Z"]) {
      const err = await errorOf(updateCategory({ ...stripped, expectedUpdatedAt } as Parameters<typeof updateCategory>[0]));
      expect(err).toMatchObject({ code: "validation_failed", issues: [{ path: "expectedUpdatedAt" }] });
    }
    expect([
      await db.category.findUniqueOrThrow({ where: { id: banks.id } }),
      await db.activityLog.count(),
      await db.publicCacheInvalidation.count(),
    ]).toEqual(before);
  });

  it("reads the version the form carries only as the exact instant the page showed", () => {
    const form = (value?: string) => {
      const f = new FormData();
      if (value !== undefined) f.append("expectedUpdatedAt", value);
      return f;
    };
    expect(parseSeenVersion(form("2026-03-04T05:06:07.089Z"))).toEqual(new Date("2026-03-04T05:06:07.089Z"));
    for (const forged of [
      undefined,
      "",
      "1",
      "garbage",
      "2026-03-04",
      "2026-02-30T05:06:07.089Z",
      "2026-03-04T05:06:07.089Z\u0000",
      "Tue Mar 04 2026",
    ]) {
      expect(parseSeenVersion(form(forged)), String(forged)).toBeNull();
    }
    expect(parseSeenVersion(null)).toBeNull();
  });

  it("reads the form with German messages per field", () => {
    const form = (fields: Record<string, string>) => Object.entries(fields).reduce((f, [k, v]) => (f.append(k, v), f), new FormData());
    expect(
      parseCategoryForm(
        form({ nameDe: " Banken ", nameEn: "Banking", descriptionDe: "  Zeile eins\n zwei ", descriptionEn: "", isActive: "1" }),
      ),
    ).toEqual({
      ok: true,
      input: { nameDe: "Banken", nameEn: "Banking", descriptionDe: "Zeile eins zwei", descriptionEn: null, isActive: true },
    });
    expect(parseCategoryForm(form({ nameDe: "", nameEn: "<b>x</b>", descriptionDe: "x".repeat(601) }))).toEqual({
      ok: false,
      issues: {
        nameDe: "Bitte geben Sie einen Namen an.",
        nameEn: "Spitze Klammern sind in Namen nicht möglich.",
        descriptionDe: "Höchstens 600 Zeichen.",
      },
    });
    expect(parseCategoryForm(null)).toMatchObject({ ok: false, issues: { nameDe: "Bitte geben Sie einen Namen an." } });
  });
});
