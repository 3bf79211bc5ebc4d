import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { contentHash } from "@/lib/domains/releases/content-hash";
import { seedPublicImage } from "@/tests/public-image-fixtures";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { seedCompany, unique } from "@/tests/factories";
import { withLimits } from "@/tests/limits";
import { IMAGE_SITEMAP_NS, newsSitemap, NEWS_MAX_ITEMS } from "./news-sitemap";
import { robotsTxt } from "./robots";
import { pagesSitemap, releaseChunk, sitemapIndex, CHUNK_SIZE } from "./sitemap";

const HOUR = 3_600_000;
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["url", "sitemap", "xhtml:link"].includes(name) });

/** Validates against the published sitemap, news and xhtml schemas, as a search engine would. */
async function assertValidSitemap(xml: string, schema = "tests/schemas/sitemap-all.xsd") {
  const dir = await mkdtemp(join(tmpdir(), "pd-sitemap-"));
  const file = join(dir, "sitemap.xml");
  await writeFile(file, xml);
  const { stderr } = await promisify(execFile)("xmllint", ["--noout", "--schema", schema, file]);
  expect(stderr).toMatch(/validates/);
}

// The image extension (sitemap-image/1.1) as Google describes it: image:image holds image:loc;
// caption, geo_location, title and license are optional legacy elements. tests/schemas has no
// copy yet, so the entry point here adds it to the shared ones.
const IMAGE_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="${IMAGE_SITEMAP_NS}" xmlns="${IMAGE_SITEMAP_NS}" elementFormDefault="qualified">
  <xsd:element name="image">
    <xsd:complexType>
      <xsd:sequence>
        <xsd:element name="loc" type="xsd:anyURI"/>
        <xsd:element name="caption" type="xsd:string" minOccurs="0"/>
        <xsd:element name="geo_location" type="xsd:string" minOccurs="0"/>
        <xsd:element name="title" type="xsd:string" minOccurs="0"/>
        <xsd:element name="license" type="xsd:anyURI" minOccurs="0"/>
      </xsd:sequence>
    </xsd:complexType>
  </xsd:element>
</xsd:schema>`;

async function imageSchema(dir: string): Promise<string> {
  await writeFile(join(dir, "sitemap-image.xsd"), IMAGE_XSD);
  const shared = (name: string) => resolve("tests/schemas", name);
  const entry = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="${shared("sitemap.xsd")}"/>
  <xsd:import namespace="http://www.google.com/schemas/sitemap-news/0.9" schemaLocation="${shared("sitemap-news.xsd")}"/>
  <xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="${shared("xhtml-link.xsd")}"/>
  <xsd:import namespace="${IMAGE_SITEMAP_NS}" schemaLocation="sitemap-image.xsd"/>
</xsd:schema>`;
  await writeFile(join(dir, "sitemap-all-images.xsd"), entry);
  return join(dir, "sitemap-all-images.xsd");
}

async function release(companyId: number, data: Record<string, unknown> = {}) {
  const title = (data.title as string) ?? `Meldung ${unique("s")}`;
  const body = "<p>Text.</p>";
  return db.pressRelease.create({
    data: {
      portal: "tech",
      language: "de",
      slug: unique("s"),
      title,
      body,
      contentHash: contentHash(title, body),
      companyId,
      status: "published",
      publishedAt: new Date(Date.now() - HOUR),
      publishedEverAt: new Date(Date.now() - HOUR),
      ...data,
    },
  });
}

describe("news sitemap", () => {
  it("lists archive-visible releases of the last 48 hours of this portal, with portal name and language", async () => {
    const company = await seedCompany({ portal: "tech" });
    const fresh = await release(company.id, { title: "Fresh & new <today>", language: "en" });
    const hidden = await Promise.all([
      release(company.id, { publishedAt: new Date(Date.now() - 49 * HOUR) }),
      release(company.id, { publishedAt: new Date(Date.now() + HOUR) }),
      release(company.id, { goneAt: new Date() }),
      release(company.id, { noExport: true }),
      release(company.id, { portal: "business" }),
      release((await seedCompany({ portal: "tech", isActive: false })).id),
    ]);
    const xml = await newsSitemap("tech");
    await assertValidSitemap(xml);
    const urls = parser.parse(xml).urlset.url as { loc: string; "news:news": Record<string, unknown> }[];
    const entry = urls.find((u) => u.loc.endsWith(`/en/press-release/${fresh.slug}`))!;
    expect(entry["news:news"]).toMatchObject({
      "news:publication": { "news:name": "Pressdesk Tech", "news:language": "en" },
      "news:title": "Fresh & new <today>",
    });
    for (const h of hidden) expect(urls.some((u) => u.loc.endsWith(`/${h.slug}`))).toBe(false);
  });

  it("holds at most 1,000 entries; the hub's is an empty, valid list", async () => {
    const company = await seedCompany({ portal: "business" });
    const now = Date.now();
    await db.pressRelease.createMany({
      data: Array.from({ length: NEWS_MAX_ITEMS + 5 }, (_, i) => ({
        portal: "business" as const,
        language: "de" as const,
        slug: `bulk-${i}-${unique("b")}`,
        title: `Bulk ${i}`,
        body: "<p>x</p>",
        contentHash: "0".repeat(64),
        companyId: company.id,
        status: "published" as const,
        publishedAt: new Date(now - 60_000 - i * 1000),
      })),
    });
    const xml = await newsSitemap("business");
    expect(parser.parse(xml).urlset.url).toHaveLength(NEWS_MAX_ITEMS);
    // The schema wants at least one <url>; the spec wants the hub's list empty. It stays well-formed.
    const hub = await newsSitemap("hub");
    expect(hub).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:news="[^"]+" xmlns:image="[^"]+"\/>/);
    expect(parser.parse(hub).urlset.url).toBeUndefined();
  });
});

describe("news sitemap images", () => {
  it("a release with a deliverable cover names its largest JPEG in image:image; others have none; it validates with the image extension", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pd-sitemap-images-"));
    try {
      await withLimits({ STORAGE_DIR: dir }, async () => {
        const company = await seedCompany({ portal: "tech" });
        const withCover = await release(company.id);
        const cover = await seedPublicImage(withCover.id, { isCover: true });
        const plain = await release(company.id);
        const withheld = await release(company.id);
        await seedPublicImage(withheld.id, { isCover: true, precheckWithheldAt: new Date() });
        const unconfirmed = await release(company.id);
        await seedPublicImage(unconfirmed.id, { isCover: true, formVersion: "v2" });

        const xml = await newsSitemap("tech");
        expect(xml).toContain(`xmlns:image="${IMAGE_SITEMAP_NS}"`);
        await assertValidSitemap(xml, await imageSchema(dir));
        const urls = parser.parse(xml).urlset.url as { loc: string; "image:image"?: { "image:loc": string } }[];
        const entry = (r: { slug: string }) => urls.find((u) => u.loc.endsWith(`/${r.slug}`))!;
        expect(entry(withCover)["image:image"]).toEqual({
          "image:loc": `${siteOrigin("tech", getSiteHosts())}/media/${cover.displayPath}`,
        });
        for (const r of [plain, withheld, unconfirmed]) expect(entry(r)["image:image"]).toBeUndefined();
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("general sitemap", () => {
  it("an index of chunks; chunks carry /en/ URLs and lastmod from content_changed_at; pages carry hreflang alternates", async () => {
    const company = await seedCompany({ portal: "tech" });
    const changed = new Date("2026-10-01T08:00:00Z");
    const en = await release(company.id, { language: "en", contentChangedAt: changed });
    await release(company.id, { noExport: true });
    await db.category.create({ data: { portal: "tech", slug: unique("cat"), nameDe: "K", nameEn: "C" } });

    const index = await sitemapIndex("tech");
    await assertValidSitemap(index);
    const locs = (parser.parse(index).sitemapindex.sitemap as { loc: string }[]).map((s) => s.loc);
    const chunk = Math.floor(en.id / CHUNK_SIZE);
    expect(locs).toContainEqual(expect.stringMatching(new RegExp(`/sitemaps/releases-${chunk}\\.xml$`)));
    expect(locs[0]).toMatch(/\/sitemaps\/pages\.xml$/);

    const xml = (await releaseChunk("tech", chunk))!;
    await assertValidSitemap(xml);
    const entry = (parser.parse(xml).urlset.url as { loc: string; lastmod: string }[]).find((u) =>
      u.loc.endsWith(`/en/press-release/${en.slug}`),
    )!;
    expect(entry.lastmod).toBe(changed.toISOString());
    expect(await releaseChunk("tech", 9999)).toBeNull();

    const pages = await pagesSitemap("tech");
    await assertValidSitemap(pages);
    const home = (parser.parse(pages).urlset.url as { loc: string; "xhtml:link": { "@_hreflang": string }[] }[])[0]!;
    expect(home["xhtml:link"].map((l) => l["@_hreflang"])).toEqual(["de", "en", "x-default"]);
    expect(pages).toContain(`/de/newsroom/${company.slug}`);
  });

  it("the pages sitemap lists the newsroom directory of both editions and only the newsrooms it lists; it validates", async () => {
    const listed = await seedCompany({ portal: "business" });
    await release(listed.id, { portal: "business", language: "en" });
    const both = await seedCompany({ portal: "both" });
    await release(both.id, { portal: "business" });
    const hidden = await Promise.all(
      [{ isActive: false }, { goneAt: new Date() }, { deletedAt: new Date() }, { mergedIntoCompanyId: listed.id }, {}].map(
        async (state, i) => {
          const company = await seedCompany({ portal: "business", ...state });
          // The last one's only release is withheld from exports: not listed either.
          await release(company.id, { portal: "business", ...(i === 4 ? { noExport: true } : {}) });
          return company;
        },
      ),
    );
    const embargoed = await seedCompany({ portal: "business" });
    await release(embargoed.id, { portal: "business", publishedAt: new Date(Date.now() + HOUR) });

    const xml = await pagesSitemap("business");
    await assertValidSitemap(xml);
    const urls = parser.parse(xml).urlset.url as { loc: string; "xhtml:link": { "@_hreflang": string; "@_href": string }[] }[];
    const directory = urls.filter((u) => /\/(de|en)\/newsroom$/.test(u.loc));
    expect(directory.map((u) => u.loc.replace(/^https?:\/\/[^/]+/, ""))).toEqual(["/de/newsroom", "/en/newsroom"]);
    expect(directory[0]!["xhtml:link"].map((l) => [l["@_hreflang"], l["@_href"].replace(/^https?:\/\/[^/]+/, "")])).toEqual([
      ["de", "/de/newsroom"],
      ["en", "/en/newsroom"],
      ["x-default", "/de/newsroom"],
    ]);
    for (const c of [listed, both]) for (const edition of ["de", "en"]) expect(xml).toContain(`/${edition}/newsroom/${c.slug}<`);
    for (const c of [...hidden, embargoed]) expect(xml).not.toContain(`/newsroom/${c.slug}<`);
  });

  it("every XML route answers application/xml; robots.txt lists both sitemaps", async () => {
    const routes = [
      [await import("@/app/portal/[portal]/sitemap-news.xml/route"), { portal: "tech" }],
      [await import("@/app/portal/[portal]/sitemap-index/route"), { portal: "tech" }],
      [await import("@/app/portal/[portal]/sitemaps/[file]/route"), { portal: "tech", file: "pages.xml" }],
    ] as const;
    for (const [mod, params] of routes) {
      const res = await (mod.GET as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>)(
        new Request("http://tech.localhost/"),
        { params: Promise.resolve(params) },
      );
      expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    }
    const robots = robotsTxt("tech");
    expect(robots).toMatch(/^Sitemap: https?:\/\/tech\.[^/]+\/sitemap\.xml$/m);
    expect(robots).toMatch(/^Sitemap: https?:\/\/tech\.[^/]+\/sitemap-news\.xml$/m);
  });
});
