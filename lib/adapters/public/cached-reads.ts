import { cachedPublic } from "@/lib/adapters/public/cached-public";
import { newsroomTag, portalTag, releaseTag } from "@/lib/domains/sites/public-tags";
import { categoryFeed, editionFeed, newsroomFeed, newsroomFeedDocument } from "@/lib/adapters/public/feeds/feeds";
import type { FeedFormat } from "@/lib/adapters/public/feeds/formats";
import { listPublishedReleases } from "@/lib/domains/releases/list-published";
import { llmsTxt } from "@/lib/adapters/public/seo/llms";
import { newsSitemap } from "@/lib/adapters/public/seo/news-sitemap";
import { pagesSitemap, releaseChunk, sitemapIndex } from "@/lib/adapters/public/seo/sitemap";
import type { Edition, Portal, SiteKey } from "@/lib/domains/sites";
import { boostedReleases } from "@/lib/domains/billing/boosts/boosted-releases";
import { categoryArchive, categoryLanding } from "./category-archive";
import { listCovers, withCovers } from "./list-covers";
import { newsroomDirectory, newsroomDirectoryIndex, type DirectoryQuery } from "./newsroom-directory";
import { newsroomPageData } from "./newsroom-page";
import { newsroomBox } from "./newsroom-profile";
import { releasePageData } from "./release-page";

// What public pages, feeds and sitemaps read, through Next's server cache. Tags name what a
// change drops (lib/domains/sites/public-tags.ts); the domain writes the invalidations.
const lists = (portal: Portal | "hub") => [portalTag(portal)];

/** The box of a newsroom under its release pages, read once for all of them: a profile change drops it. */
const cachedNewsroomBox = cachedPublic("newsroom-box", newsroomBox, { tags: (companyId) => [newsroomTag(companyId)] });

/** The release page and the box of its newsroom; a profile change of that newsroom drops it too. */
export const cachedReleasePage = cachedPublic(
  "release-page",
  async (portal: Portal, edition: Edition, slug: string) => {
    const page = await releasePageData(portal, edition, slug);
    return page && { ...page, newsroom: await cachedNewsroomBox(page.release.companyId, edition) };
  },
  {
    tags: (portal, edition, slug) => [releaseTag(portal, edition, slug)],
    tagsOf: (page) => (page ? [newsroomTag(page.release.companyId)] : []),
  },
);

/** Releases a page of the portal's home lists. */
export const HOME_PAGE_SIZE = 20;
/** The home's pages stop here; older releases are in the category archives. */
export const HOME_MAX_PAGE = 50;

async function portalHome(portal: Portal, edition: Edition, page: number) {
  const [found, boosted] = await Promise.all([
    // One more than a page: whether a next page exists, without counting.
    listPublishedReleases({ portal, language: edition, limit: HOME_PAGE_SIZE + 1, offset: (page - 1) * HOME_PAGE_SIZE }),
    page === 1 ? boostedReleases({ portal, edition, placement: "home" }) : Promise.resolve([]),
  ]);
  const releases = found.slice(0, HOME_PAGE_SIZE);
  // Cover pictures are part of the cached answer and drop with it (a generation bump drops all).
  const covers = await listCovers([releases, boosted]);
  return { releases: withCovers(releases, covers), boosted: withCovers(boosted, covers), page, hasNext: found.length > HOME_PAGE_SIZE };
}

const cachedHome = cachedPublic("portal-home", portalHome, { tags: lists });

/** A page of the home: the first three through the cache (as the archives), later ones read directly. */
export function cachedPortalHome(portal: Portal, edition: Edition, page = 1) {
  return page <= ARCHIVE_CACHED_PAGES ? cachedHome(portal, edition, page) : portalHome(portal, edition, page);
}

export const cachedCategoryLanding = cachedPublic(
  "category",
  (portal: Portal, edition: Edition, slug: string) => categoryLanding(portal, edition, slug),
  { tags: lists },
);

const cachedArchivePage = cachedPublic(
  "category-archive",
  (portal: Portal, edition: Edition, slug: string, year: number | null, page: number) => categoryArchive(portal, edition, slug, year, page),
  { tags: lists },
);

/** Spec 7: archives are cached through page 3; later pages are rare and read directly. */
export const ARCHIVE_CACHED_PAGES = 3;

export function archivePage(portal: Portal, edition: Edition, slug: string, year: number | null, page: number) {
  return page <= ARCHIVE_CACHED_PAGES
    ? cachedArchivePage(portal, edition, slug, year, page)
    : categoryArchive(portal, edition, slug, year, page);
}

export const cachedNewsroomPage = cachedPublic(
  "newsroom",
  (portal: Portal, edition: Edition, slug: string) => newsroomPageData(portal, edition, slug),
  {
    tags: lists,
    tagsOf: (page) => (page ? [newsroomTag(page.company.id)] : []),
  },
);

// The directory: its index (every listed newsroom, a few fields each) and its first pages per
// letter are cached; searches and later pages are computed from the cached index.
const cachedDirectoryIndex = cachedPublic(
  "newsroom-directory:index",
  (portal: Portal, edition: Edition) => newsroomDirectoryIndex(portal, edition),
  { tags: lists },
);
const cachedDirectoryPage = cachedPublic(
  "newsroom-directory",
  (portal: Portal, edition: Edition, letter: DirectoryQuery["letter"], page: number) =>
    newsroomDirectory({ portal, edition, letter, q: "", page }, cachedDirectoryIndex),
  { tags: lists },
);
/** Like archives (spec 7): the first pages are cached; search words are unbounded input and never become keys. */
export const DIRECTORY_CACHED_PAGES = 3;

export function newsroomDirectoryPage(portal: Portal, edition: Edition, query: DirectoryQuery) {
  return !query.q && query.page <= DIRECTORY_CACHED_PAGES
    ? cachedDirectoryPage(portal, edition, query.letter, query.page)
    : newsroomDirectory({ portal, edition, ...query }, cachedDirectoryIndex);
}

// Feeds: one key group per feed kind; the format is one of the arguments (RSS and JSON Feed).
export const cachedEditionFeed = cachedPublic(
  "feed:main",
  (portal: Portal, edition: Edition, format: FeedFormat) => editionFeed(portal, edition, format),
  { tags: lists },
);
export const cachedCategoryFeed = cachedPublic(
  "feed:category",
  (portal: Portal, edition: Edition, slug: string, format: FeedFormat) => categoryFeed(portal, edition, slug, format),
  { tags: lists },
);
const cachedNewsroomFeedDocument = cachedPublic(
  "feed:newsroom",
  (portal: Portal, edition: Edition, slug: string, companyId: number, format: FeedFormat) =>
    newsroomFeedDocument(portal, edition, slug, companyId, format),
  { tags: lists },
);
/** The visibility check of a newsroom feed runs on every request; only the document is cached. */
export const servedNewsroomFeed = (portal: Portal, edition: Edition, slug: string, format: FeedFormat) =>
  newsroomFeed(portal, edition, slug, format, new Date(), cachedNewsroomFeedDocument);

/** Spec 7: the news sitemap is cached 15 minutes (its 48-hour window moves with the clock). */
export const NEWS_SITEMAP_SECONDS = 15 * 60;
export const cachedNewsSitemap = cachedPublic("sitemap:news", (site: Portal | "hub") => newsSitemap(site), {
  tags: lists,
  revalidate: NEWS_SITEMAP_SECONDS,
});
export const cachedSitemapIndex = cachedPublic("sitemap:index", (portal: Portal) => sitemapIndex(portal), { tags: lists });
export const cachedReleaseChunk = cachedPublic("sitemap:chunk", (portal: Portal, chunk: number) => releaseChunk(portal, chunk), {
  tags: lists,
});
export const cachedPagesSitemap = cachedPublic("sitemap:pages", (portal: Portal) => pagesSitemap(portal), { tags: lists });
export const cachedLlmsTxt = cachedPublic("llms", (site: SiteKey) => llmsTxt(site), { tags: lists });

/**
 * The newest releases of a newsroom and of a category, kept per newsroom and category (not per
 * release: a crawler's sweep over a newsroom's releases reads them once); each release page
 * takes them without itself (cachedMoreReleases).
 */
const cachedNewestOf = cachedPublic(
  "release-more",
  async (portal: Portal, edition: Edition, companyId: number, categoryId: number | null) => {
    const [newsroom, category] = await Promise.all([
      listPublishedReleases({ portal, language: edition, companyId, limit: 4 }),
      categoryId === null
        ? Promise.resolve([])
        : listPublishedReleases({ portal, language: edition, categoryIds: [categoryId], archiveOnly: true, limit: 7 }),
    ]);
    const covers = await listCovers([newsroom, category]);
    return { newsroom: withCovers(newsroom, covers), category: withCovers(category, covers) };
  },
  { tags: lists },
);

/** "More from this newsroom" and "more in this category" for a release page: three each, never itself, never twice. */
export async function cachedMoreReleases(
  portal: Portal,
  edition: Edition,
  releaseId: number,
  companyId: number,
  categoryId: number | null,
) {
  const newest = await cachedNewestOf(portal, edition, companyId, categoryId);
  const others = <T extends { id: number }>(list: T[]) => list.filter((item) => item.id !== releaseId).slice(0, 3);
  const newsroom = others(newest.newsroom);
  // What the newsroom's list shows already is not repeated.
  const shown = new Set(newsroom.map((item) => item.id));
  return { newsroom, category: others(newest.category.filter((item) => !shown.has(item.id))) };
}
