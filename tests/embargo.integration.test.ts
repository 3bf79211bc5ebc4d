import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { editionFeed, newsroomFeed } from "@/lib/adapters/public/feeds/feeds";
import { releaseChunk, sitemapIndex } from "@/lib/adapters/public/seo/sitemap";
import { newsSitemap } from "@/lib/adapters/public/seo/news-sitemap";
import { llmsTxt } from "@/lib/adapters/public/seo/llms";
import { categoryLanding } from "@/lib/adapters/public/category-archive";
import { newsroomPageData } from "@/lib/adapters/public/newsroom-page";
import { releasePageData } from "@/lib/adapters/public/release-page";
import { listPublishedReleases } from "@/lib/domains/releases/list-published";
import { searchReleases } from "@/lib/domains/releases/search";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { CHUNK_SIZE } from "@/lib/adapters/public/seo/sitemap";
import { seedCompany, unique } from "./factories";
import { contentHash } from "@/lib/domains/releases/content-hash";

// Spec 4.1 / issue "embargo holds everywhere": a release scheduled for later is invisible on
// every public surface until its time, and visible on all of them after it.
describe("embargo", () => {
  it("holds on every surface before its time and lifts on all of them after it", async () => {
    const company = await seedCompany({ portal: "tech", name: `Embargo ${unique("co")}` });
    const category = await db.category.create({ data: { portal: "tech", slug: unique("emb"), nameDe: "Embargo", nameEn: "Embargo" } });
    const at = new Date(Date.now() + 3_600_000);
    const title = `Zulassung erteilt ${unique("t")}`;
    const body = "<p>Die Behörde erteilt die Zulassung für das Messgerät Quasarix.</p>";
    const release = await db.pressRelease.create({
      data: {
        portal: "tech",
        language: "de",
        slug: unique("embargo"),
        title,
        body,
        contentHash: contentHash(title, body),
        companyId: company.id,
        categoryId: category.id,
        status: "published",
        publishedAt: at,
        publishedEverAt: at,
      },
    });
    await syncSearchMirror(db, release.id);

    async function surfaces(now: Date) {
      const chunk = Math.floor(release.id / CHUNK_SIZE);
      return {
        page: (await releasePageData("tech", "de", release.slug, now)) !== null,
        list: (await listPublishedReleases({ portal: "tech", language: "de", limit: 100, now })).some((r) => r.id === release.id),
        category: ((await categoryLanding("tech", "de", category.slug, now))?.releases ?? []).some((r) => r.id === release.id),
        newsroom: ((await newsroomPageData("tech", "de", company.slug, now))?.releases ?? []).some((r) => r.id === release.id),
        feed: JSON.stringify(await editionFeed("tech", "de", "rss", now)).includes(release.slug),
        newsroomFeed: (await newsroomFeed("tech", "de", company.slug, "rss", now)).kind === "ok",
        newsSitemap: (await newsSitemap("tech", now)).includes(release.slug),
        sitemapIndex: (await sitemapIndex("tech", now)).includes(`releases-${chunk}.xml`),
        sitemapChunk: ((await releaseChunk("tech", chunk, now)) ?? "").includes(release.slug),
        llms: (await llmsTxt("tech", now)).includes(company.name),
        search: (await searchReleases({ q: "Quasarix", publicOnly: true, now })).ids.includes(release.id),
      };
    }
    const before = await surfaces(new Date());
    expect(Object.entries(before).filter(([, visible]) => visible)).toEqual([]);
    const after = await surfaces(new Date(at.getTime() + 60_000));
    expect(Object.entries(after).filter(([, visible]) => !visible)).toEqual([]);
  });
});
