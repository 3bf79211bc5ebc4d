import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryLanding } from "@/lib/adapters/public/category-archive";
import { editionFeed, newsroomFeed } from "@/lib/adapters/public/feeds/feeds";
import { publicMediaResponse } from "@/lib/adapters/public/media";
import { newsroomPageData } from "@/lib/adapters/public/newsroom-page";
import { releasePageData } from "@/lib/adapters/public/release-page";
import { newsSitemap } from "@/lib/adapters/public/seo/news-sitemap";
import { CHUNK_SIZE, releaseChunk } from "@/lib/adapters/public/seo/sitemap";
import { db } from "@/lib/core/db/client";
import { listPublishedReleases } from "@/lib/domains/releases/list-published";
import { openPreviewLink } from "@/lib/domains/releases/previews/open-preview-link";
import { searchReleases } from "@/lib/domains/releases/search";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { send } from "./api-client";
import { setLimits } from "./limits";
import { makeLink, previewWorld } from "./previews-fixtures";
import { seedPublicImage } from "./public-image-fixtures";
import { apiNewsroom } from "./release-fixtures";

// The embargo holds (tests/embargo.integration.test.ts) while a preview shows the release: the
// link is the only way in. Scheduled, and published with its time still ahead: the page, lists,
// feeds, sitemaps, search, the media route and another newsroom's API see nothing.

const HOUR = 3_600_000;
let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), "pd-preview-embargo-"));
  setLimits({ STORAGE_DIR: storageDir });
});
afterAll(async () => {
  setLimits({ STORAGE_DIR: undefined });
  await rm(storageDir, { recursive: true, force: true });
});

describe("a previewed release under embargo", () => {
  it("appears on no public surface while its link shows it", async () => {
    const at = new Date(Date.now() + 2 * HOUR);
    const stranger = await apiNewsroom();
    for (const state of ["scheduled", "published"] as const) {
      const w = await previewWorld({ status: "scheduled", scheduledAt: at });
      const word = `Quasarix${w.release.id}`;
      await db.pressRelease.update({ where: { id: w.release.id }, data: { lead: `Das Messgerät ${word} ist zugelassen.` } });
      const image = await seedPublicImage(w.release.id, { isCover: true });
      const { token } = await makeLink(w.owner.id, w.release.id);
      if (state === "published")
        await db.pressRelease.update({ where: { id: w.release.id }, data: { status: "published", publishedAt: at, publishedEverAt: at } });
      await syncSearchMirror(db, w.release.id);

      const shown = await openPreviewLink({ token });
      expect([state, shown.kind]).toEqual([state, "show"]);
      const { slug } = w.release;
      const chunk = Math.floor(w.release.id / CHUNK_SIZE);
      const surfaces = async (now: Date) => ({
        page: (await releasePageData("business", "de", slug, now)) !== null,
        list: (await listPublishedReleases({ portal: "business", language: "de", limit: 100, now })).some((r) => r.id === w.release.id),
        category: ((await categoryLanding("business", "de", w.category.slug, now))?.releases ?? []).some((r) => r.id === w.release.id),
        newsroom: ((await newsroomPageData("business", "de", w.company.slug, now))?.releases ?? []).some((r) => r.id === w.release.id),
        feed: JSON.stringify(await editionFeed("business", "de", "rss", now)).includes(slug),
        newsroomFeed: JSON.stringify(await newsroomFeed("business", "de", w.company.slug, "rss", now)).includes(slug),
        newsSitemap: (await newsSitemap("business", now)).includes(slug),
        sitemapChunk: ((await releaseChunk("business", chunk, now)) ?? "").includes(slug),
        search: (await searchReleases({ q: word, publicOnly: true, now })).ids.includes(w.release.id),
        media: (await publicMediaResponse(image.variants[0]!.key, now)).status !== 404,
      });
      const visible = async (now: Date) =>
        Object.entries(await surfaces(now))
          .filter(([, shows]) => shows)
          .map(([name]) => name);
      expect([state, await visible(new Date())]).toEqual([state, []]);
      expect((await send("GET", `/api/v1/releases/${w.release.id}`, { token: stranger.token })).status).toBe(404);
      if (state === "published") {
        // Its time come, every surface shows it and the link leads there: the checks above can see it.
        const later = new Date(at.getTime() + 60_000);
        expect(await visible(later)).toEqual(Object.keys(await surfaces(later)));
        expect((await openPreviewLink({ token, now: later })).kind).toBe("redirect");
      }
    }
  });
});
