import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCommittedInvalidations, markPublicCacheActive } from "@/lib/cache/invalidation-poller";
import { invalidatePublicTags, portalTag, releaseTag } from "@/lib/cache/public-tags";
import { db } from "@/lib/db/client";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { archivePage, cachedPortalHome, cachedReleasePage } from "./cached-reads";

// The server cache as `next start` runs it: the shared store (Redis here) and the poller's tags.
const g = globalThis as unknown as Record<string | symbol, unknown>;

const filePrefix = process.env.CACHE_KEY_PREFIX;

beforeAll(() => {
  process.env.CACHE_KEY_PREFIX = `test-${randomBytes(4).toString("hex")}-`;
  delete g[Symbol.for("pressdesk.cache.store")];
  markPublicCacheActive();
});

afterAll(() => {
  process.env.CACHE_KEY_PREFIX = filePrefix;
  delete g[Symbol.for("pressdesk.cache.store")];
});

const year = new Date().getFullYear();
const titlesOf = (page: Awaited<ReturnType<typeof archivePage>>) => page!.releases.map((r) => r.title);

describe("public reads through the server cache", () => {
  it("archive pages 1–3 are cached until their portal's tag is invalidated; page 4 is always read fresh", async () => {
    const company = await seedCompany();
    const category = await db.category.create({ data: { portal: "business", slug: unique("cat"), nameDe: "Kategorie", nameEn: "Category" } });
    // 100 releases this year: four pages of 30.
    const start = new Date(Date.UTC(year, 0, 2, 12));
    for (let i = 0; i < 100; i++) {
      await seedRelease({ companyId: company.id, categoryId: category.id, status: "published", title: `Alt ${i}`, publishedAt: new Date(start.getTime() + i * 60_000) });
    }
    const before = await Promise.all([1, 2, 3, 4].map((p) => archivePage("business", "de", category.slug, year, p)));
    expect(before.map((p) => p?.releases.length)).toEqual([30, 30, 30, 10]);

    // Changed behind the cache's back: no invalidation yet.
    await db.pressRelease.updateMany({ where: { categoryId: category.id }, data: { title: "Neu" } });
    expect(titlesOf(await archivePage("business", "de", category.slug, year, 2))).toEqual(titlesOf(before[1]!));
    expect(titlesOf(await archivePage("business", "de", category.slug, year, 4)).every((t) => t === "Neu")).toBe(true);

    // Another portal's invalidation leaves it alone; its own drops it once applied.
    await invalidatePublicTags(db, [portalTag("tech")]);
    await applyCommittedInvalidations();
    expect(titlesOf(await archivePage("business", "de", category.slug, year, 2))).toEqual(titlesOf(before[1]!));
    await invalidatePublicTags(db, [portalTag("business")]);
    await applyCommittedInvalidations();
    expect(titlesOf(await archivePage("business", "de", category.slug, year, 2)).every((t) => t === "Neu")).toBe(true);
  });

  it("a release page drops with its own tag, not with its portal's lists; editions never share an entry", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id, status: "published", title: "Erste Fassung", publishedAt: new Date(Date.now() - 60_000) });
    expect((await cachedReleasePage("business", "de", release.slug))?.release.title).toBe("Erste Fassung");
    await db.pressRelease.update({ where: { id: release.id }, data: { title: "Zweite Fassung" } });

    await invalidatePublicTags(db, [portalTag("business")]);
    await applyCommittedInvalidations();
    const stillCached = await cachedReleasePage("business", "de", release.slug);
    expect(stillCached?.release.title).toBe("Erste Fassung");
    // Dates come back as dates.
    expect(stillCached?.release.publishedAt).toBeInstanceOf(Date);

    await invalidatePublicTags(db, [releaseTag("business", "de", release.slug)]);
    await applyCommittedInvalidations();
    expect((await cachedReleasePage("business", "de", release.slug))?.release.title).toBe("Zweite Fassung");

    const [de, en] = await Promise.all([cachedPortalHome("business", "de"), cachedPortalHome("business", "en")]);
    expect(de.releases.some((r) => r.title === "Zweite Fassung")).toBe(true);
    expect(en.releases.some((r) => r.title === "Zweite Fassung")).toBe(false);
  });
});
