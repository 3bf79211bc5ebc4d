import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { contentHash } from "@/lib/releases/content-hash";
import { seedCompany, unique } from "@/tests/factories";
import { newsSitemap, NEWS_MAX_ITEMS } from "./news-sitemap";
import { robotsTxt } from "./robots";
import { pagesSitemap, releaseChunk, sitemapIndex, CHUNK_SIZE } from "./sitemap";

const HOUR = 3_600_000;
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["url", "sitemap", "xhtml:link"].includes(name) });

/** Validates against the published sitemap, news and xhtml schemas, as a search engine would. */
async function assertValidSitemap(xml: string) {
  const dir = await mkdtemp(join(tmpdir(), "pd-sitemap-"));
  const file = join(dir, "sitemap.xml");
  await writeFile(file, xml);
  const { stderr } = await promisify(execFile)("xmllint", ["--noout", "--schema", "tests/schemas/sitemap-all.xsd", file]);
  expect(stderr).toMatch(/validates/);
}

async function release(companyId: number, data: Record<string, unknown> = {}) {
  const title = (data.title as string) ?? `Meldung ${unique("s")}`;
  const body = "<p>Text.</p>";
  return db.pressRelease.create({
    data: { portal: "tech", language: "de", slug: unique("s"), title, body, contentHash: contentHash(title, body), companyId, status: "published", publishedAt: new Date(Date.now() - HOUR), publishedEverAt: new Date(Date.now() - HOUR), ...data },
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
    expect(entry["news:news"]).toMatchObject({ "news:publication": { "news:name": "Pressdesk Tech", "news:language": "en" }, "news:title": "Fresh & new <today>" });
    for (const h of hidden) expect(urls.some((u) => u.loc.endsWith(`/${h.slug}`))).toBe(false);
  });

  it("holds at most 1,000 entries; the hub's is an empty, valid list", async () => {
    const company = await seedCompany({ portal: "business" });
    const now = Date.now();
    await db.pressRelease.createMany({
      data: Array.from({ length: NEWS_MAX_ITEMS + 5 }, (_, i) => ({ portal: "business" as const, language: "de" as const, slug: `bulk-${i}-${unique("b")}`, title: `Bulk ${i}`, body: "<p>x</p>", contentHash: "0".repeat(64), companyId: company.id, status: "published" as const, publishedAt: new Date(now - 60_000 - i * 1000) })),
    });
    const xml = await newsSitemap("business");
    expect(parser.parse(xml).urlset.url).toHaveLength(NEWS_MAX_ITEMS);
    // The schema wants at least one <url>; the spec wants the hub's list empty. It stays well-formed.
    const hub = await newsSitemap("hub");
    expect(hub).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:news="[^"]+"\/>/);
    expect(parser.parse(hub).urlset.url).toBeUndefined();
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
    const entry = (parser.parse(xml).urlset.url as { loc: string; lastmod: string }[]).find((u) => u.loc.endsWith(`/en/press-release/${en.slug}`))!;
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
      [{ isActive: false }, { goneAt: new Date() }, { deletedAt: new Date() }, { mergedIntoCompanyId: listed.id }, {}].map(async (state, i) => {
        const company = await seedCompany({ portal: "business", ...state });
        // The last one's only release is withheld from exports: not listed either.
        await release(company.id, { portal: "business", ...(i === 4 ? { noExport: true } : {}) });
        return company;
      }),
    );
    const embargoed = await seedCompany({ portal: "business" });
    await release(embargoed.id, { portal: "business", publishedAt: new Date(Date.now() + HOUR) });

    const xml = await pagesSitemap("business");
    await assertValidSitemap(xml);
    const urls = parser.parse(xml).urlset.url as { loc: string; "xhtml:link": { "@_hreflang": string; "@_href": string }[] }[];
    const directory = urls.filter((u) => /\/(de|en)\/newsroom$/.test(u.loc));
    expect(directory.map((u) => u.loc.replace(/^https?:\/\/[^/]+/, ""))).toEqual(["/de/newsroom", "/en/newsroom"]);
    expect(directory[0]!["xhtml:link"].map((l) => [l["@_hreflang"], l["@_href"].replace(/^https?:\/\/[^/]+/, "")])).toEqual([["de", "/de/newsroom"], ["en", "/en/newsroom"], ["x-default", "/de/newsroom"]]);
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
      const res = await (mod.GET as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>)(new Request("http://tech.localhost/"), { params: Promise.resolve(params) });
      expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    }
    const robots = robotsTxt("tech");
    expect(robots).toMatch(/^Sitemap: https?:\/\/tech\.[^/]+\/sitemap\.xml$/m);
    expect(robots).toMatch(/^Sitemap: https?:\/\/tech\.[^/]+\/sitemap-news\.xml$/m);
  });
});
