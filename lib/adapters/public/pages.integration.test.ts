import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedRelease } from "@/tests/factories";
import { legacyView } from "./legacy-view";
import { newsroomPageData } from "./newsroom-page";
import { releasePageData } from "./release-page";

const HOUR = 3_600_000;
const live = (companyId: number, data: Record<string, unknown> = {}) =>
  seedRelease({
    companyId,
    status: "published",
    publishedAt: new Date(Date.now() - HOUR),
    publishedEverAt: new Date(Date.now() - HOUR),
    ...data,
  });

describe("release page data", () => {
  it("is there for a visible release of this portal and edition, with NewsArticle JSON-LD and dateModified from content_changed_at", async () => {
    const company = await seedCompany({ website: "https://firma.example" });
    const changed = new Date(Date.now() - 10 * 60_000);
    const r = await live(company.id, { contentChangedAt: changed, lead: "Kurzfassung." });
    const data = (await releasePageData("business", "de", r.slug))!;
    expect(data.url).toMatch(new RegExp(`/de/pressemitteilung/${r.slug}$`));
    expect(data.canonicalUrl).toBe(data.url);
    expect(data.jsonLd).toMatchObject({
      "@type": "NewsArticle",
      headline: r.title,
      dateModified: changed.toISOString(),
      author: { name: company.name },
    });
    expect(await releasePageData("business", "en", r.slug)).toBeNull();
    expect(await releasePageData("tech", "de", r.slug)).toBeNull();
  });

  it("is null (404) for embargoed, unpublished, deleted releases and inactive newsrooms", async () => {
    const company = await seedCompany();
    for (const data of [
      { publishedAt: new Date(Date.now() + HOUR) },
      { status: "in_review" },
      { deletedAt: new Date() },
      { status: "archived" },
    ]) {
      const r = await live(company.id, data);
      expect(await releasePageData("business", "de", r.slug)).toBeNull();
    }
    const inactive = await seedCompany({ isActive: false });
    expect(await releasePageData("business", "de", (await live(inactive.id)).slug)).toBeNull();
  });

  it("the later copy's canonical is the first source on the other portal", async () => {
    const company = await seedCompany({ portal: "both" });
    const first = await live(company.id, { portal: "tech" });
    const copy = await live(company.id, { canonicalPressReleaseId: first.id });
    const data = (await releasePageData("business", "de", copy.slug))!;
    expect(data.canonicalUrl).toMatch(new RegExp(`^https?://tech\\.[^/]+/de/pressemitteilung/${first.slug}$`));
  });
});

describe("legacy view_url", () => {
  it("answers 301 to the page, 410 when tombstoned, 404 when deleted or unknown", async () => {
    const company = await seedCompany();
    const r = await live(company.id);
    const ok = await legacyView("business", r.id);
    expect([ok.status, ok.headers.get("location")]).toEqual([301, expect.stringMatching(new RegExp(`/de/pressemitteilung/${r.slug}$`))]);
    expect((await legacyView("tech", r.id)).status).toBe(404);
    await db.pressRelease.update({ where: { id: r.id }, data: { goneAt: new Date() } });
    expect((await legacyView("business", r.id)).status).toBe(410);
    await db.pressRelease.update({ where: { id: r.id }, data: { deletedAt: new Date() } });
    expect((await legacyView("business", r.id)).status).toBe(404);
    expect((await legacyView("business", 999_999)).status).toBe(404);
  });
});

describe("newsroom page data", () => {
  it("lists the newsroom's visible releases of the edition; inactive, removed and merged newsrooms have no page", async () => {
    const company = await seedCompany();
    const r = await live(company.id);
    await live(company.id, { publishedAt: new Date(Date.now() + HOUR) });
    const data = (await newsroomPageData("business", "de", company.slug))!;
    expect(data.releases.map((x) => x.id)).toEqual([r.id]);
    expect(data.feedHref).toBe(`/de/newsroom/${company.slug}/feed`);
    expect((await newsroomPageData("business", "en", company.slug))!.feedHref).toBeNull();
    for (const state of [{ isActive: false }, { deletedAt: new Date() }, { goneAt: new Date() }, { mergedIntoCompanyId: company.id }]) {
      expect(await newsroomPageData("business", "de", (await seedCompany(state)).slug)).toBeNull();
    }
  });
});
