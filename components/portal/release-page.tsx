import { afterResponse } from "@/lib/core/http/after-response";
import { recordCrawlerFetch } from "@/lib/domains/analytics/fetches";
import { cachedMoreReleases, cachedReleasePage } from "@/lib/adapters/public/cached-reads";
import { noteRenderFacts } from "@/lib/adapters/public/stored-answers/render-facts";
import { releaseMetadata } from "@/lib/adapters/public/release-route";
import { decodePathSegment } from "@/lib/core/input/path-segment";
import { categoryPath, newsroomPath, PATH_SEGMENTS } from "@/lib/domains/sites";
import { NewsroomBox } from "./newsroom-box";
import { readerPage } from "./reader-route";
import { ReleaseArticle } from "./release-article";
import { ReleaseList } from "./release-list";

const TEXT = {
  de: { newsroom: (n: string) => `Mehr von ${n}`, category: (c: string) => `Mehr aus ${c}`, all: "Alle Meldungen" },
  en: { newsroom: (n: string) => `More from ${n}`, category: (c: string) => `More in ${c}`, all: "All releases" },
} as const;

/** The release page for one edition's path segment (`pressemitteilung` or `press-release`). */
export function releasePage(segment: string) {
  return readerPage({
    async load({ portal, edition, params, request }) {
      const slug = typeof params.slug === "string" ? decodePathSegment(params.slug) : null;
      if (PATH_SEGMENTS.release[edition] !== segment || slug === null) return null;
      const page = await cachedReleasePage(portal, edition, slug);
      if (!page) return null;
      const more = await cachedMoreReleases(portal, edition, page.release.id, page.release.companyId, page.release.categoryId);
      // Crawlers are logged per fetch (the CDN config sends them to the origin); people's views
      // arrive by the beacon. Stored bytes are served by the middleware, which logs each fetch.
      const stored = await noteRenderFacts({ tags: [], fetchLog: { kind: "release", releaseId: page.release.id } });
      const userAgent = request.headers.get("user-agent");
      if (!stored) afterResponse(() => recordCrawlerFetch(page.release.id, userAgent) ?? Promise.resolve());
      return { ...page, more };
    },
    metadata: (data, { portal, edition }) => releaseMetadata(data, portal, edition),
    jsonLd: (data) => data.jsonLd,
    withScript: true,
    frame: (data) => ({
      current: data.release.category ? { category: data.release.category.slug } : undefined,
      breadcrumbs: [
        ...(data.categoryHref ? [{ label: data.categoryName ?? "", href: data.categoryHref }] : []),
        { label: data.release.title },
      ],
    }),
    body(data, { edition }) {
      const t = TEXT[edition];
      const company = data.release.company;
      return (
        <>
          <ReleaseArticle data={data} edition={edition} />
          {data.newsroom ? <NewsroomBox newsroom={data.newsroom} edition={edition} /> : null}
          {data.more.newsroom.length ? (
            <section className="more" aria-labelledby="more-newsroom">
              <h2 id="more-newsroom">{t.newsroom(company.name)}</h2>
              <ReleaseList items={data.more.newsroom} edition={edition} level={3} variant="grid" />
              <p>
                <a href={newsroomPath(edition, company.slug)}>
                  {t.all}: {company.name}
                </a>
              </p>
            </section>
          ) : null}
          {data.more.category.length && data.release.category ? (
            <section className="more" aria-labelledby="more-category">
              <h2 id="more-category">{t.category(data.categoryName ?? "")}</h2>
              <ReleaseList items={data.more.category} edition={edition} level={3} variant="grid" />
              <p>
                <a href={categoryPath(edition, data.release.category.slug)}>
                  {t.all}: {data.categoryName}
                </a>
              </p>
            </section>
          ) : null}
        </>
      );
    },
  });
}
