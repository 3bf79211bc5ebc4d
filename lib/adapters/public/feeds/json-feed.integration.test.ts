import Ajv from "ajv";
import addFormats from "ajv-formats";
import schema from "jsonfeed-schema/schema-v1.1.json";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordCorrection } from "@/lib/domains/legal/corrections/record-correction";
import { isFeedSegment } from "@/lib/domains/sites/public-paths";
import { storableAnswer } from "@/lib/adapters/public/stored-answers/storable";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { correctionsFeed } from "./correction-log";
import { categoryFeed, editionFeed, newsroomFeed, type FeedResult } from "./feeds";
import { hubCategoryFeed, hubEditionFeed } from "./hub-redirects";

// JSON Feed 1.1 beside every RSS feed: the same items under the same rules, valid against the
// format's JSON Schema.
const HOUR = 3_600_000;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

interface JsonFeed {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  language: string;
  items: {
    id: string;
    url: string;
    title: string;
    content_text: string;
    summary?: string;
    date_published: string;
    date_modified: string;
    authors: { name: string }[];
    tags?: string[];
  }[];
}

function jsonOf(result: FeedResult): JsonFeed {
  if (result.kind !== "ok") throw new Error(`expected a feed, got ${result.kind}`);
  expect(result.format).toBe("json");
  const feed = JSON.parse(result.document) as JsonFeed;
  expect(validate(feed), JSON.stringify(validate.errors)).toBe(true);
  return feed;
}

async function rssOf(result: FeedResult) {
  if (result.kind !== "ok") throw new Error(`expected a feed, got ${result.kind}`);
  return new Parser().parseString(result.document);
}

const published = (companyId: number, data: Partial<Prisma.PressReleaseUncheckedCreateInput> = {}) =>
  seedRelease({
    companyId,
    portal: "tech",
    language: "en",
    lead: "The lead of the release.",
    status: "published",
    publishedAt: new Date(Date.now() - HOUR),
    publishedEverAt: new Date(Date.now() - HOUR),
    ...data,
  });

describe("JSON Feed 1.1", () => {
  it("every feed kind is valid JSON Feed 1.1 and carries the RSS feed's items, ids, links and dates", async () => {
    const company = await seedCompany({ portal: "tech" });
    const category = await db.category.create({ data: { portal: "tech", slug: unique("jcat"), nameDe: "Kategorie", nameEn: "Category" } });
    await published(company.id, { categoryId: category.id, title: "First news" });
    await published(company.id, { categoryId: category.id, title: "Second news", publishedAt: new Date(Date.now() - 2 * HOUR) });

    const pairs: [FeedResult, FeedResult][] = [
      [await editionFeed("tech", "en", "json"), await editionFeed("tech", "en", "rss")],
      [await categoryFeed("tech", "en", category.slug, "json"), await categoryFeed("tech", "en", category.slug, "rss")],
      [await newsroomFeed("tech", "en", company.slug, "json"), await newsroomFeed("tech", "en", company.slug, "rss")],
      [await correctionsFeed("tech", "en", "json"), await correctionsFeed("tech", "en", "rss")],
    ];
    for (const [json, rss] of pairs) {
      const feed = jsonOf(json);
      const reference = await rssOf(rss);
      expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
      expect(feed.title).toBe(reference.title);
      expect(feed.language).toBe("en");
      expect(feed.feed_url).toMatch(/\/feed\.json$/);
      expect(feed.items.map((i) => [i.id, i.url, i.title])).toEqual(reference.items.map((i) => [i.guid, i.link, i.title]));
      // RSS dates (RFC 822) end at the second.
      const seconds = (date: string) => Math.floor(Date.parse(date) / 1000);
      expect(feed.items.map((i) => seconds(i.date_published))).toEqual(reference.items.map((i) => seconds(i.pubDate!)));
    }
    const category_ = jsonOf(pairs[1]![0]);
    expect(category_.items.map((i) => i.title)).toEqual(["First news", "Second news"]);
    expect(category_.items[0]).toMatchObject({
      summary: "The lead of the release.",
      authors: [{ name: company.name }],
      tags: ["Category"],
    });
  });

  it("holds back what RSS holds back: an embargoed release and another portal's", async () => {
    const company = await seedCompany({ portal: "both" });
    const visible = await published(company.id, { title: "Out now" });
    const embargoed = await published(company.id, { title: "Not yet", publishedAt: new Date(Date.now() + HOUR), publishedEverAt: null });
    const other = await published(company.id, { title: "Business only", portal: "business" });
    const feed = jsonOf(await newsroomFeed("tech", "en", company.slug, "json"));
    const ids = feed.items.map((i) => i.id);
    expect(ids.some((id) => id.includes(visible.slug))).toBe(true);
    expect(ids.some((id) => id.includes(embargoed.slug) || id.includes(other.slug))).toBe(false);
    const all = JSON.stringify(jsonOf(await editionFeed("tech", "en", "json")));
    expect(all).not.toContain(embargoed.slug);
    expect(all).not.toContain(other.slug);
  });

  it("puts a correction's note first in content_text, as RSS does in its description", async () => {
    const company = await seedCompany({ portal: "tech" });
    const release = await published(company.id, { title: "Corrected news" });
    await db.$transaction((tx) =>
      recordCorrection(tx, { release, legalRequestId: null, kind: "correction", note: "Figure corrected.", now: new Date() }),
    );
    const feed = jsonOf(await newsroomFeed("tech", "en", company.slug, "json"));
    const item = feed.items.find((i) => i.title === "Corrected news")!;
    expect(item.content_text).toMatch(/Figure corrected\.[\s\S]*The lead of the release\./);
  });

  it("the routes answer application/feed+json with the RSS feeds' cache rules; the hub sends readers to the portal's JSON Feed", async () => {
    const { GET } = await import("@/app/portal/[portal]/[edition]/feed.json/route");
    const res = await GET(new Request("http://tech.localhost/en/feed.json"), {
      params: Promise.resolve({ portal: "tech", edition: "en" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=0");
    expect(validate(await res.json())).toBe(true);
    const bad = await GET(new Request("http://tech.localhost/fr/feed.json"), {
      params: Promise.resolve({ portal: "tech", edition: "fr" }),
    });
    expect(bad.status).toBe(404);

    expect(hubEditionFeed("de", "json")).toEqual({
      kind: "redirect",
      location: expect.stringMatching(/^https?:\/\/business\.[^/]+\/de\/feed\.json$/),
    });
    const category = await db.category.create({ data: { portal: "tech", slug: unique("jhub"), nameDe: "K", nameEn: "C" } });
    expect(await hubCategoryFeed("en", category.slug, "json")).toEqual({
      kind: "redirect",
      location: expect.stringMatching(new RegExp(`/en/category/${category.slug}/feed\\.json$`)),
    });
  });

  it("a renamed newsroom's JSON Feed answers 301 to the new JSON Feed", async () => {
    const company = await seedCompany({ portal: "tech" });
    await published(company.id);
    const oldSlug = unique("old");
    await db.companySlugRedirect.create({ data: { portal: "tech", slug: oldSlug, companyId: company.id } });
    expect(await newsroomFeed("tech", "en", oldSlug, "json")).toEqual({
      kind: "redirect",
      location: expect.stringMatching(new RegExp(`/en/newsroom/${company.slug}/feed\\.json$`)),
    });
  });

  it("JSON Feeds are stored answers like the RSS feeds beside them", () => {
    expect(isFeedSegment("feed.json")).toBe(true);
    const none = new URLSearchParams();
    expect(storableAnswer("business", "/de/feed.json", none)?.key).toBe("business:/de/feed.json");
    expect(storableAnswer("business", "/de/newsroom/x/feed.json", none)?.key).toBe("business:/de/newsroom/x/feed.json");
  });
});
