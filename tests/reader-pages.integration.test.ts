import { describe, expect, it } from "vitest";
import { GET as home } from "@/app/portal/[portal]/[edition]/route";
import { GET as releasePage } from "@/app/portal/[portal]/[edition]/pressemitteilung/[slug]/route";
import { GET as unknownPath } from "@/app/portal/[portal]/[edition]/[...rest]/route";
import { GET as hubHome } from "@/app/hub/route";
import { GET as hubEdition } from "@/app/hub/[edition]/route";
import { GET as portalOgImage } from "@/app/portal/[portal]/og.png/route";
import sharp from "sharp";
import { db } from "@/lib/core/db/client";
import { READER_PAGE_POLICY } from "@/lib/adapters/public/reader-pages/policy";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { visitReaderPage } from "@/tests/reader-pages";

// Reader pages as static markup: no framework script, no per-request value, the navigation,
// breadcrumbs and "more" lists, the home's pages, the reader's 404 and the hub's front page.

const MINUTE = 60_000;
const live = (companyId: number, data: Record<string, unknown> = {}) =>
  seedRelease({
    companyId,
    status: "published",
    publishedAt: new Date(Date.now() - 5 * MINUTE),
    publishedEverAt: new Date(Date.now() - 5 * MINUTE),
    ...data,
  });

describe("reader pages", () => {
  it("the home lists 20 releases a page, newest first, with older pages until the last; past it is a 404", async () => {
    const company = await seedCompany({ name: "Seitenweise AG" });
    const releases = [];
    for (let i = 0; i < 25; i++)
      releases.push(await live(company.id, { publishedAt: new Date(Date.now() - (i + 1) * MINUTE), title: `Meldung ${i}` }));
    const first = await visitReaderPage(home, { portal: "business", edition: "de" });
    expect(first.status).toBe(200);
    expect(first.html).toContain(`href="/de/pressemitteilung/${releases[0]!.slug}"`);
    expect(first.html).toContain('href="/de?page=2" rel="next"');
    expect(first.html).not.toContain(releases[20]!.slug);
    const second = await visitReaderPage(home, { portal: "business", edition: "de" }, { page: "2" });
    expect(second.status).toBe(200);
    expect(second.html).toContain(releases[20]!.slug);
    expect(second.html).toContain('<link rel="canonical" href="https://business.localhost:3000/de?page=2"/>');
    expect(second.html).not.toContain('<link rel="alternate" hrefLang="en"');
    for (const page of ["3", "0", "abc", "51"])
      expect((await visitReaderPage(home, { portal: "business", edition: "de" }, { page })).status).toBe(404);
  });

  it("carry no framework script, no nonce and one fixed policy; the release page loads only the share helper", async () => {
    const company = await seedCompany({ name: "Statisch GmbH" });
    const release = await live(company.id);
    const a = await visitReaderPage(releasePage, { portal: "business", edition: "de", slug: release.slug });
    const b = await visitReaderPage(releasePage, { portal: "business", edition: "de", slug: release.slug });
    expect(a.html).toBe(b.html);
    expect([...a.html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual([
      '<script type="application/ld+json">',
      '<script src="/assets/reader-1.js" defer="">',
    ]);
    expect(a.html).not.toMatch(/_next\/|nonce=|self\.__next/);
    expect(a.headers.get("content-security-policy")).toBe(READER_PAGE_POLICY);
    expect(a.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const home1 = await visitReaderPage(home, { portal: "business", edition: "de" });
    expect(home1.html).not.toContain("<script src");
  });

  it("the release page has breadcrumbs, the category marked in the header, and more from its newsroom and category", async () => {
    const category = await db.category.create({
      data: { portal: "business", slug: unique("rubrik"), nameDe: "Rubrik", nameEn: "Section" },
    });
    const company = await seedCompany({ name: "Nachbarn KG" });
    const other = await seedCompany({ name: "Andere AG" });
    const release = await live(company.id, { categoryId: category.id, title: "Die Hauptmeldung" });
    const sibling = await live(company.id, { title: "Schwester aus dem Newsroom", publishedAt: new Date(Date.now() - 9 * MINUTE) });
    const neighbour = await live(other.id, {
      categoryId: category.id,
      title: "Nachbar aus der Kategorie",
      publishedAt: new Date(Date.now() - 8 * MINUTE),
    });
    const { html } = await visitReaderPage(releasePage, { portal: "business", edition: "de", slug: release.slug });
    expect(html).toMatch(
      new RegExp(
        `<nav aria-label="Sie sind hier" class="breadcrumbs"><ol><li><a href="/de">Startseite</a></li><li><a href="/de/category/${category.slug}">Rubrik</a></li><li><span aria-current="page">Die Hauptmeldung</span>`,
      ),
    );
    expect(html).toContain(`<a href="/de/category/${category.slug}" aria-current="page">Rubrik</a>`);
    const more = html.slice(html.indexOf('id="more-newsroom"'));
    expect(more).toContain(sibling.slug);
    expect(more.slice(more.indexOf('id="more-category"'))).toContain(neighbour.slug);
    expect(more).not.toContain(`href="/de/pressemitteilung/${release.slug}"`);
  });

  it("any other path of an edition is the reader's 404 page with the search, never cached", async () => {
    const res = await visitReaderPage(unknownPath, { portal: "tech", edition: "en", rest: ["no", "such", "page"] });
    expect([res.status, res.headers.get("cache-control")]).toEqual([404, "private, no-store"]);
    expect(res.html).toContain("Page not found");
    expect(res.html).toContain('action="/en/search"');
    expect(res.html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("the hub's front page: German at the root, English at /en, prices from the one price list, no script", async () => {
    const de = await hubHome(new Request("http://hub.localhost:3000/"));
    const html = await de.text();
    expect([de.status, de.headers.get("content-security-policy")]).toEqual([200, READER_PAGE_POLICY]);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("49,00");
    expect(html).toContain('href="/register?plan=business"');
    expect(html).not.toContain("<script src");
    const en = await hubEdition(new Request("http://hub.localhost:3000/en"), { params: Promise.resolve({ edition: "en" }) });
    expect([en.status, (await en.text()).includes('<html lang="en">')]).toEqual([200, true]);
    const de2 = await hubEdition(new Request("http://hub.localhost:3000/de"), { params: Promise.resolve({ edition: "de" }) });
    expect([de2.status, de2.headers.get("location")]).toEqual([308, "/"]);
    expect((await hubEdition(new Request("http://hub.localhost:3000/fr"), { params: Promise.resolve({ edition: "fr" }) })).status).toBe(
      404,
    );
  });

  it("every page has an Open Graph picture: the release's own cover where it has one, else the site's, drawn at 1200×630", async () => {
    const company = await seedCompany({ name: "Bildlos GmbH" });
    const release = await live(company.id);
    for (const page of [
      await visitReaderPage(home, { portal: "tech", edition: "en" }),
      await visitReaderPage(releasePage, { portal: "tech", edition: "de", slug: release.slug }).then(() =>
        visitReaderPage(releasePage, { portal: "business", edition: "de", slug: release.slug }),
      ),
    ]) {
      expect(page.html).toMatch(/<meta property="og:image" content="https:\/\/(tech|business)\.localhost:3000\/og\.png"\/>/);
      expect(page.html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    }
    const picture = await portalOgImage(new Request("http://tech.localhost:3000/og.png"), { params: Promise.resolve({ portal: "tech" }) });
    expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/png"]);
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect((await portalOgImage(new Request("http://x/og.png"), { params: Promise.resolve({ portal: "hub" }) })).status).toBe(404);
  });
});
