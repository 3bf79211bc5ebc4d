import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, unique } from "@/tests/factories";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";
import { loadNewReleaseForm } from "./new-release-form";
import { loadDashboardRelease } from "./release-detail";
import { EMPTY_RELEASE_FORM, type ReleaseFormValues } from "./release-rules";
import { saveDashboardRelease } from "./save-dashboard-release";

// The release editor's server side: autosave of drafts, the AI declaration from the form, the
// contact preset of a new release.

async function setup() {
  const { owner, company } = await seedNewsroom();
  const category = await db.category.create({ data: { portal: "business", slug: unique("cat"), nameDe: "Wirtschaft", nameEn: "Economy" } });
  const values = (over: Partial<ReleaseFormValues> = {}): ReleaseFormValues => ({
    ...EMPTY_RELEASE_FORM,
    companyId: String(company.id),
    portal: "business",
    categoryId: String(category.id),
    title: `Werk ${unique("w")} eröffnet in Cottbus`,
    body: GOOD_BODY,
    location: "Cottbus",
    contactName: "Pressestelle",
    contactEmail: "presse@beispiel.example",
    aiDeclaration: "without_ai",
    ...over,
  });
  return { owner, company, values };
}
const declarations = (pressReleaseId: number) =>
  db.pressReleaseAiDeclaration.findMany({
    where: { pressReleaseId, scope: "text" },
    orderBy: { version: "asc" },
    select: { declaration: true, version: true },
  });

describe("autosave of a draft", () => {
  it("saves a draft's changes without submitting, and never touches a release in review", async () => {
    const { owner, values } = await setup();
    const { releaseId } = await saveDashboardRelease({ userId: owner.id, values: values(), submit: false });
    const edited = values({
      title: "Werk in Cottbus eröffnet: zweiter Entwurf",
      body: `${GOOD_BODY}<h3>Ausblick</h3><p>Ein zweiter Bauabschnitt folgt.</p>`,
    });
    await saveDashboardRelease({ userId: owner.id, releaseId, values: edited, submit: false, autosave: true });
    const saved = await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } });
    expect(saved).toMatchObject({ status: "draft", title: "Werk in Cottbus eröffnet: zweiter Entwurf" });
    expect(saved.body).toContain("<h3>Ausblick</h3>");

    // Asked to submit while autosaving: refused, nothing changes.
    await expect(saveDashboardRelease({ userId: owner.id, releaseId, values: edited, submit: true, autosave: true })).rejects.toMatchObject(
      { code: "conflict" },
    );
    // A new release is never autosaved to the server (the browser keeps it).
    await expect(saveDashboardRelease({ userId: owner.id, values: values(), submit: false, autosave: true })).rejects.toMatchObject({
      code: "conflict",
    });

    await saveDashboardRelease({ userId: owner.id, releaseId, values: edited, submit: true });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } })).status).toBe("in_review");
    await expect(
      saveDashboardRelease({
        userId: owner.id,
        releaseId,
        values: values({ title: "Ein später getippter, anderer Titel" }),
        submit: false,
        autosave: true,
      }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } })).title).toBe("Werk in Cottbus eröffnet: zweiter Entwurf");
    // The page tells the form whether to autosave.
    expect((await loadDashboardRelease(owner.id, releaseId)).autosave).toBe(false);
  });
});

describe("the AI declaration from the form", () => {
  it("is required, and each save writes a version only when it changed", async () => {
    const { owner, values } = await setup();
    await expect(saveDashboardRelease({ userId: owner.id, values: values({ aiDeclaration: "" }), submit: false })).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "aiDeclaration", message: expect.stringContaining("KI") }],
    });
    await expect(
      saveDashboardRelease({ userId: owner.id, values: values({ aiDeclaration: "maybe" }), submit: false }),
    ).rejects.toMatchObject({ code: "validation_failed" });

    const { releaseId } = await saveDashboardRelease({ userId: owner.id, values: values({ aiDeclaration: "ai_assisted" }), submit: false });
    const page = await loadDashboardRelease(owner.id, releaseId);
    expect(page.form.aiDeclaration).toBe("ai_assisted");
    expect(page.autosave).toBe(true);
    await saveDashboardRelease({ userId: owner.id, releaseId, values: { ...page.form }, submit: false, autosave: true });
    await saveDashboardRelease({ userId: owner.id, releaseId, values: { ...page.form, aiDeclaration: "ai_generated" }, submit: true });
    expect(await declarations(releaseId)).toEqual([
      { declaration: "ai_assisted", version: 1 },
      { declaration: "ai_generated", version: 2 },
    ]);
  });

  it("a release from before the declaration loads without one, its HTML unchanged", async () => {
    const { owner, company } = await setup();
    const body = '<p>Alt <u>unterstrichen</u> und <a href="https://beispiel.de" rel="nofollow noopener">verlinkt</a></p>\n<h4>Klein</h4>';
    const old = await db.pressRelease.create({
      data: {
        companyId: company.id,
        authorUserId: owner.id,
        portal: "business",
        language: "de",
        slug: unique("alt"),
        title: "Eine ältere Meldung mit Text",
        body,
        contentHash: "x",
        reviewFingerprint: "y",
      },
    });
    expect((await loadDashboardRelease(owner.id, old.id)).form).toMatchObject({ body, aiDeclaration: "" });
  });
});

describe("the new release form", () => {
  it("fills the contact from each newsroom's default press contact", async () => {
    const { owner, company } = await setup();
    const second = await seedCompany({ portal: "tech", name: "Zweite GmbH" });
    const third = await seedCompany({ name: "Dritte GmbH" });
    for (const c of [second, third])
      await db.companyUser.create({ data: { companyId: c.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
    await db.contact.create({ data: { companyId: company.id, name: "Nicht Standard", email: "andere@beispiel.example" } });
    await db.contact.create({
      data: { companyId: company.id, name: "Jana Petersen", email: "presse@beispiel.example", phone: "+49 40 123", isDefault: true },
    });
    await db.contact.create({ data: { companyId: second.id, name: "Jonas Richter", email: "press@zweite.example", isDefault: true } });

    const { form, newsrooms } = await loadNewReleaseForm(owner.id);
    expect(form).toMatchObject({
      companyId: String(company.id),
      contactName: "Jana Petersen",
      contactEmail: "presse@beispiel.example",
      contactPhone: "+49 40 123",
      aiDeclaration: "",
    });
    expect(Object.fromEntries(newsrooms.map((n) => [n.id, n.contact]))).toEqual({
      [company.id]: { name: "Jana Petersen", email: "presse@beispiel.example", phone: "+49 40 123" },
      [second.id]: { name: "Jonas Richter", email: "press@zweite.example", phone: "" },
      [third.id]: null,
    });
    // Opened from a newsroom's page: that newsroom and its preset; a foreign id changes nothing.
    expect((await loadNewReleaseForm(owner.id, second.id)).form).toMatchObject({
      companyId: String(second.id),
      contactName: "Jonas Richter",
    });
    expect((await loadNewReleaseForm(owner.id, 2_000_000_000)).form.companyId).toBe(String(company.id));
  });
});
