import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCommittedInvalidations, markPublicCacheActive } from "@/lib/adapters/public/invalidation-poller";
import { invalidatePublicTags, newsroomProfileTags, newsroomTag, portalTag, releaseTag } from "@/lib/domains/sites/public-tags";
import { db } from "@/lib/core/db/client";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { withLimits } from "@/tests/limits";
import { archivePage, cachedNewsroomPage, cachedPortalHome, cachedReleasePage, newsroomDirectoryPage } from "./cached-reads";
import { seedPublicImage } from "@/tests/public-image-fixtures";

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
    const category = await db.category.create({
      data: { portal: "business", slug: unique("cat"), nameDe: "Kategorie", nameEn: "Category" },
    });
    // 100 releases this year: four pages of 30.
    const start = new Date(Date.UTC(year, 0, 2, 12));
    for (let i = 0; i < 100; i++) {
      await seedRelease({
        companyId: company.id,
        categoryId: category.id,
        status: "published",
        title: `Alt ${i}`,
        publishedAt: new Date(start.getTime() + i * 60_000),
      });
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
    const release = await seedRelease({
      companyId: company.id,
      status: "published",
      title: "Erste Fassung",
      publishedAt: new Date(Date.now() - 60_000),
    });
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

  it("a newsroom's profile shows from the cache until its tags drop: its page and release pages by its own tag, the directory by its portal's", async () => {
    const company = await seedCompany({ name: `Profil ${unique("n")}`, descriptionDe: "Alt." });
    const other = await seedCompany({ name: `Andere ${unique("n")}`, descriptionDe: "Bleibt." });
    const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date(Date.now() - 60_000) });
    const otherRelease = await seedRelease({ companyId: other.id, status: "published", publishedAt: new Date(Date.now() - 60_000) });
    const read = async () => ({
      directory: (await newsroomDirectoryPage("business", "de", { letter: null, q: "", page: 1 }))!.entries.find((e) => e.id === company.id)
        ?.description,
      letterPage: (await newsroomDirectoryPage("business", "de", { letter: "P", q: "", page: 1 }))!.entries.find((e) => e.id === company.id)
        ?.description,
      newsroom: (await cachedNewsroomPage("business", "de", company.slug))?.profile.description,
      release: (await cachedReleasePage("business", "de", release.slug))?.newsroom?.description,
      otherRelease: (await cachedReleasePage("business", "de", otherRelease.slug))?.newsroom?.description,
    });
    const before = { directory: "Alt.", letterPage: "Alt.", newsroom: "Alt.", release: "Alt.", otherRelease: "Bleibt." };
    expect(await read()).toEqual(before);

    // Changed behind the cache's back (as the dashboard's save does before its invalidation commits).
    await db.company.update({ where: { id: company.id }, data: { descriptionDe: "Neu." } });
    await db.company.update({ where: { id: other.id }, data: { descriptionDe: "Geändert." } });
    expect(await read()).toEqual(before);

    // The newsroom's own tag: its page and its release pages, not the directory (a portal list).
    await invalidatePublicTags(db, [newsroomTag(company.id)]);
    await applyCommittedInvalidations();
    expect(await read()).toEqual({ ...before, newsroom: "Neu.", release: "Neu." });

    // What a profile change writes: the directory (every cached page of it) drops as well; other newsrooms' release pages stay.
    await invalidatePublicTags(db, newsroomProfileTags(company));
    await applyCommittedInvalidations();
    expect(await read()).toEqual({ directory: "Neu.", letterPage: "Neu.", newsroom: "Neu.", release: "Neu.", otherRelease: "Bleibt." });
  });

  it("image data is part of the cached page and its lists, and drops with them when a change bumps the generation", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pd-cached-images-"));
    try {
      await withLimits({ STORAGE_DIR: dir }, async () => {
        const company = await seedCompany();
        const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date(Date.now() - 60_000) });
        const cover = await seedPublicImage(release.id, { isCover: true });
        const read = async () => ({
          page: (await cachedReleasePage("business", "de", release.slug))!.pictures.cover?.id ?? null,
          og: (await cachedReleasePage("business", "de", release.slug))!.ogImage?.url ?? null,
          home: (await cachedPortalHome("business", "de")).releases.find((r) => r.id === release.id)!.cover?.id ?? null,
          newsroom:
            (await cachedNewsroomPage("business", "de", company.slug))!.releases.find((r) => r.id === release.id)!.cover?.id ?? null,
        });
        const shown = { page: cover.id, og: expect.stringContaining(cover.ogVariantPath), home: cover.id, newsroom: cover.id };
        expect(await read()).toEqual(shown);

        // Withheld behind the cache's back: still served from the cache.
        await db.pressReleaseImage.update({ where: { id: cover.id }, data: { withheldAt: new Date() } });
        expect(await read()).toEqual(shown);

        // What the image functions write with such a change: every page, list and og tag drops.
        await bumpPublicCacheGeneration(db);
        await applyCommittedInvalidations();
        expect(await read()).toEqual({ page: null, og: null, home: null, newsroom: null });
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
