import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedPublicImage } from "@/tests/public-image-fixtures";
import { contentHash } from "@/lib/domains/releases/content-hash";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { seedCompany, unique } from "@/tests/factories";
import { withLimits } from "@/tests/limits";
import { categoryFeed, editionFeed, newsroomFeed, FEED_ITEMS } from "./feeds";
import { hubCategoryFeed, hubEditionFeed, hubNewsroomFeed } from "./hub-redirects";

const parser = new Parser({ customFields: { item: ["dc:creator"] } });
const HOUR = 3_600_000;

async function published(companyId: number, data: Record<string, unknown> = {}) {
  const title = (data.title as string) ?? `Meldung ${unique("f")}`;
  const body = "<p>Text der Meldung mit genug Inhalt für den Feed.</p>";
  return db.pressRelease.create({
    data: {
      portal: "tech",
      language: "en",
      slug: unique("r"),
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

async function parse(result: Awaited<ReturnType<typeof editionFeed>>) {
  if (result.kind !== "ok") throw new Error(`expected a feed, got ${result.kind}`);
  return { xml: result.document, feed: await parser.parseString(result.document) };
}

describe("RSS feeds", () => {
  it("the edition feed: the 50 newest archive-visible releases, RSS 2.0 a feed reader accepts", async () => {
    const company = await seedCompany({ portal: "tech", name: "Feed & Co <Labs>" });
    const category = await db.category.create({ data: { portal: "tech", slug: unique("c"), nameDe: "Robotik", nameEn: "Robotics" } });
    const base = Date.now() - 2 * HOUR;
    for (let i = 0; i < FEED_ITEMS + 5; i++)
      await published(company.id, { publishedAt: new Date(base - i * 60_000), categoryId: category.id });
    const hidden = await Promise.all([
      published(company.id, { publishedAt: new Date(Date.now() + HOUR), title: "Embargoed" }),
      published(company.id, { goneAt: new Date(), title: "Tombstoned" }),
      published(company.id, { noExport: true, title: "No export" }),
      published(company.id, { status: "archived", title: "Archived" }),
      published(company.id, { language: "de", title: "Other edition" }),
      published((await seedCompany({ portal: "tech", isActive: false })).id, { title: "Inactive newsroom" }),
    ]);
    const newest = await published(company.id, { title: "Newest of all" });

    const { xml, feed } = await parse(await editionFeed("tech", "en"));
    expect(feed.items).toHaveLength(FEED_ITEMS);
    expect(feed.items[0]!.title).toBe("Newest of all");
    expect(feed.items[0]!.link).toMatch(new RegExp(`/en/press-release/${newest.slug}$`));
    expect(feed.items[0]!["dc:creator"]).toBe("Feed & Co <Labs>");
    expect(feed.items[1]!.categories).toEqual(["Robotics"]);
    expect(feed.language).toBe("en");
    for (const h of hidden) expect(feed.items.map((i) => i.title)).not.toContain(h.title);
    expect(xml).toMatch(/<atom:link href="https?:\/\/tech\.[^"]+\/en\/feed" rel="self" type="application\/rss\+xml"\/>/);
    expect(xml).toContain("Feed &amp; Co &lt;Labs&gt;");
  });

  it("a category feed includes its active subcategories; unknown or inactive categories have none", async () => {
    const company = await seedCompany({ portal: "tech" });
    const parent = await db.category.create({ data: { portal: "tech", slug: unique("p"), nameDe: "Software", nameEn: "Software" } });
    const child = await db.category.create({
      data: { portal: "tech", slug: unique("ch"), parentId: parent.id, nameDe: "Cloud", nameEn: "Cloud" },
    });
    const inactive = await db.category.create({
      data: { portal: "tech", slug: unique("in"), parentId: parent.id, nameDe: "Alt", nameEn: "Old", isActive: false },
    });
    await published(company.id, { categoryId: parent.id, title: "In parent" });
    await published(company.id, { categoryId: child.id, title: "In child" });
    await published(company.id, { categoryId: inactive.id, title: "In inactive child" });
    const { feed } = await parse(await categoryFeed("tech", "en", parent.slug));
    expect(feed.items.map((i) => i.title).sort()).toEqual(["In child", "In parent"]);
    expect(feed.items.find((i) => i.title === "In child")!.categories).toEqual(["Software", "Cloud"]);
    expect(await categoryFeed("tech", "en", inactive.slug)).toEqual({ kind: "missing" });
    expect(await categoryFeed("tech", "en", "no-such-category")).toEqual({ kind: "missing" });
    expect(await categoryFeed("business", "en", parent.slug)).toEqual({ kind: "missing" });
  });

  it("a newsroom feed exists only for an active, present newsroom with a release; merged slugs answer 301", async () => {
    const active = await seedCompany({ portal: "tech" });
    await published(active.id, { title: "Newsroom news" });
    expect((await parse(await newsroomFeed("tech", "en", active.slug))).feed.items.map((i) => i.title)).toEqual(["Newsroom news"]);
    expect(await newsroomFeed("business", "en", active.slug)).toEqual({ kind: "missing" });

    const empty = await seedCompany({ portal: "tech" });
    expect(await newsroomFeed("tech", "en", empty.slug)).toEqual({ kind: "missing" });
    for (const data of [{ isActive: false }, { deletedAt: new Date() }, { goneAt: new Date() }]) {
      const c = await seedCompany({ portal: "tech", ...data });
      await published(c.id);
      expect(await newsroomFeed("tech", "en", c.slug)).toEqual({ kind: "missing" });
    }
    const merged = await seedCompany({ portal: "tech", mergedIntoCompanyId: active.id, isActive: false });
    expect(await newsroomFeed("tech", "en", merged.slug)).toEqual({
      kind: "redirect",
      location: expect.stringMatching(new RegExp(`/en/newsroom/${active.slug}/feed$`)),
    });
    const oldSlug = unique("old");
    await db.companySlugRedirect.create({ data: { portal: "tech", slug: oldSlug, companyId: active.id } });
    expect(await newsroomFeed("tech", "de", oldSlug)).toEqual({
      kind: "redirect",
      location: expect.stringMatching(new RegExp(`/de/newsroom/${active.slug}/feed$`)),
    });
    const both = await seedCompany({ portal: "both" });
    await published(both.id);
    expect((await newsroomFeed("tech", "en", both.slug)).kind).toBe("ok");
  });

  it("the hub answers 301 to the portal that has the feed", async () => {
    expect(hubEditionFeed("de")).toEqual({ kind: "redirect", location: expect.stringMatching(/^https?:\/\/business\.[^/]+\/de\/feed$/) });
    const category = await db.category.create({ data: { portal: "tech", slug: unique("hubcat"), nameDe: "K", nameEn: "C" } });
    expect(await hubCategoryFeed("en", category.slug)).toEqual({
      kind: "redirect",
      location: expect.stringMatching(new RegExp(`^https?://tech\\.[^/]+/en/category/${category.slug}/feed$`)),
    });
    const company = await seedCompany({ portal: "tech" });
    expect(await hubNewsroomFeed("de", company.slug)).toEqual({
      kind: "redirect",
      location: expect.stringMatching(new RegExp(`^https?://tech\\.[^/]+/de/newsroom/${company.slug}/feed$`)),
    });
    expect(await hubNewsroomFeed("de", "nobody")).toEqual({ kind: "missing" });
  });

  it("the route answers with the RSS content type and CDN cache headers", async () => {
    const { GET } = await import("@/app/portal/[portal]/[edition]/feed/route");
    const res = await GET(new Request("http://tech.localhost/en/feed"), { params: Promise.resolve({ portal: "tech", edition: "en" }) });
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("s-maxage=");
    const bad = await GET(new Request("http://tech.localhost/fr/feed"), { params: Promise.resolve({ portal: "tech", edition: "fr" }) });
    expect(bad.status).toBe(404);
  });
});

describe("feed images", () => {
  it("an item with a deliverable cover carries media:content (largest JPEG, absolute) with credit and alt; the feed stays RSS 2.0", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pd-feed-images-"));
    try {
      await withLimits({ STORAGE_DIR: dir }, async () => {
        const company = await seedCompany({ portal: "tech" });
        const category = await db.category.create({ data: { portal: "tech", slug: unique("img"), nameDe: "Bilder", nameEn: "Images" } });
        const withCover = await published(company.id, { categoryId: category.id, title: "With cover" });
        const cover = await seedPublicImage(withCover.id, { isCover: true, alt: "Wind & <Wellen>", portalLabel: "AI-generated" });
        await published(company.id, { categoryId: category.id, title: "Plain", publishedAt: new Date(Date.now() - 2 * HOUR) });
        const withheld = await published(company.id, {
          categoryId: category.id,
          title: "Withheld cover",
          publishedAt: new Date(Date.now() - 3 * HOUR),
        });
        await seedPublicImage(withheld.id, { isCover: true, withheldAt: new Date() });
        const galleryOnly = await published(company.id, {
          categoryId: category.id,
          title: "No cover",
          publishedAt: new Date(Date.now() - 4 * HOUR),
        });
        await seedPublicImage(galleryOnly.id);

        const result = await categoryFeed("tech", "en", category.slug);
        if (result.kind !== "ok") throw new Error(result.kind);
        const url = `${siteOrigin("tech", getSiteHosts())}/media/${cover.displayPath}`;

        const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" }).parse(result.document);
        expect(doc.rss["@_version"]).toBe("2.0");
        expect(doc.rss["@_xmlns:media"]).toBe("http://search.yahoo.com/mrss/");
        const items = doc.rss.channel.item as Record<string, unknown>[];
        expect(items.map((i) => i.title)).toEqual(["With cover", "Plain", "Withheld cover", "No cover"]);
        expect(items[0]!["media:content"]).toEqual({
          "@_url": url,
          "@_type": "image/jpeg",
          "@_medium": "image",
          "@_width": "960",
          "@_height": "640",
          "media:credit": "© Foto AG · AI-generated",
          "media:description": { "#text": "Wind & <Wellen>", "@_type": "plain" },
        });
        for (const item of items.slice(1)) expect(item["media:content"]).toBeUndefined();

        const reader = new Parser<Record<string, unknown>, { media?: { $: Record<string, string>; "media:credit": string[] } }>({
          customFields: { item: [["media:content", "media"]] },
        });
        const feed = await reader.parseString(result.document);
        expect(feed.items.map((i) => i.title)).toEqual(["With cover", "Plain", "Withheld cover", "No cover"]);
        expect(feed.items[0]!.media?.$).toMatchObject({ url, type: "image/jpeg", medium: "image", width: "960", height: "640" });
        expect(feed.items[0]!.media?.["media:credit"]).toEqual(["© Foto AG · AI-generated"]);
        expect(feed.items[1]!.media).toBeUndefined();
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("feed fetch records", () => {
  it("every served fetch writes a row: reader, the subscriber count it reports, short agent, no IP", async () => {
    const { feedReaderOf, subscriberCountOf } = await import("./fetch-log");
    expect(feedReaderOf("Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; )")).toBe("feedly");
    expect(subscriberCountOf("Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; )")).toBe(42);
    expect(subscriberCountOf("Mozilla/5.0")).toBeNull();
    const { GET } = await import("@/app/portal/[portal]/[edition]/feed/route");
    const ua = "Inoreader/1.0 (+http://www.inoreader.com/feed-fetcher; 7 subscribers; )";
    const res = await GET(new Request("http://tech.localhost/de/feed", { headers: { "user-agent": ua, "x-forwarded-for": "192.0.2.1" } }), {
      params: Promise.resolve({ portal: "tech", edition: "de" }),
    });
    expect(res.status).toBe(200);
    await expect.poll(() => db.feedFetch.count({ where: { feedKind: "main", portal: "tech", language: "de" } })).toBe(1);
    const row = await db.feedFetch.findFirstOrThrow({ where: { feedKind: "main", portal: "tech", language: "de" } });
    expect([row.reader, row.subscriberCount, row.userAgentShort]).toEqual(["inoreader", 7, "Inoreader/1.0"]);
    expect(Object.values(row).map(String).join(" ")).not.toContain("192.0.2.1");
  });
});
