import { NewsroomContact, NewsroomHeader } from "@/components/portal/newsroom-profile";
import { readerPage } from "@/components/portal/reader-route";
import { ReleaseList } from "@/components/portal/release-list";
import { cachedNewsroomPage } from "@/lib/adapters/public/cached-reads";
import { feedAlternates } from "@/lib/adapters/public/feeds/formats";
import { decodePathSegment } from "@/lib/core/input/path-segment";
import { editionAlternates, getSiteHosts, newsroomDirectoryPath, newsroomPath, SITE_NAMES } from "@/lib/domains/sites";

const TEXT = {
  de: { releases: "Pressemitteilungen", feed: "RSS-Feed dieses Newsrooms", newsrooms: "Newsrooms" },
  en: { releases: "Press releases", feed: "RSS feed of this newsroom", newsrooms: "Newsrooms" },
} as const;

export const GET = readerPage({
  load({ portal, edition, params }) {
    const slug = typeof params.slug === "string" ? decodePathSegment(params.slug) : null;
    return slug === null ? Promise.resolve(null) : cachedNewsroomPage(portal, edition, slug);
  },
  metadata(data, { portal }) {
    const alternates = editionAlternates(portal, newsroomPath("de", data.company.slug).slice(3), getSiteHosts());
    return {
      title: { absolute: `${data.company.name} – ${SITE_NAMES[portal]}` },
      description: data.profile.description ?? data.company.name,
      alternates: { canonical: data.url, languages: alternates, ...(data.feedHref ? { types: feedAlternates(data.feedHref) } : {}) },
    };
  },
  jsonLd: (data) => data.jsonLd,
  frame: (data, { edition }) => ({
    current: { newsrooms: true },
    breadcrumbs: [{ label: TEXT[edition].newsrooms, href: newsroomDirectoryPath(edition) }, { label: data.company.name }],
  }),
  body(data, { edition }) {
    const t = TEXT[edition];
    return (
      <>
        <NewsroomHeader data={data} />
        <NewsroomContact data={data} edition={edition} />
        <h2>{t.releases}</h2>
        <ReleaseList items={data.releases} edition={edition} level={3} variant="grid" />
        {data.feedHref ? (
          <p>
            <a href={data.feedHref} type="application/rss+xml">
              {t.feed}
            </a>
          </p>
        ) : null}
      </>
    );
  },
});
