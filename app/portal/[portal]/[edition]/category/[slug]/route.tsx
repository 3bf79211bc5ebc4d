import { BoostedReleases } from "@/components/portal/boosted-releases";
import { readerPage } from "@/components/portal/reader-route";
import { ReleaseList } from "@/components/portal/release-list";
import { YearBar } from "@/components/portal/year-bar";
import { cachedCategoryLanding } from "@/lib/adapters/public/cached-reads";
import { feedAlternates } from "@/lib/adapters/public/feeds/formats";
import { decodePathSegment } from "@/lib/core/input/path-segment";
import { categoryPath, SITE_NAMES } from "@/lib/domains/sites";

const TEXT = {
  de: { feed: "RSS-Feed dieser Kategorie", sub: "Unterkategorien", latest: "Neueste Pressemitteilungen" },
  en: { feed: "RSS feed of this category", sub: "Subcategories", latest: "Latest press releases" },
} as const;

export const GET = readerPage({
  load({ portal, edition, params }) {
    const slug = typeof params.slug === "string" ? decodePathSegment(params.slug) : null;
    return slug === null ? Promise.resolve(null) : cachedCategoryLanding(portal, edition, slug);
  },
  metadata: (data, { portal, edition }) => ({
    title: { absolute: `${data.name} – ${SITE_NAMES[portal]}` },
    description: data.description ?? data.name,
    alternates: {
      canonical: data.url,
      languages: data.alternates,
      types: feedAlternates(`${categoryPath(edition, data.category.slug)}/feed`),
    },
  }),
  frame: (data) => ({ current: { category: data.category.parent?.slug ?? data.category.slug }, breadcrumbs: [{ label: data.name }] }),
  body(data, { edition }) {
    const t = TEXT[edition];
    const path = categoryPath(edition, data.category.slug);
    return (
      <>
        <h1>{data.name}</h1>
        {data.description ? <p className="lead">{data.description}</p> : null}
        {data.category.children.length ? (
          <nav aria-label={t.sub}>
            <ul className="chips">
              {data.category.children.map((c) => (
                <li key={c.slug}>
                  <a href={categoryPath(edition, c.slug)}>{edition === "de" ? c.nameDe : c.nameEn}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <BoostedReleases items={data.boosted} edition={edition} />
        <YearBar edition={edition} slug={data.category.slug} years={data.years} />
        <h2 className="visually-hidden">{t.latest}</h2>
        <ReleaseList items={data.releases} edition={edition} level={3} variant="grid" eager />
        <p>
          <a href={`${path}/feed`} type="application/rss+xml">
            {t.feed}
          </a>
        </p>
      </>
    );
  },
});
