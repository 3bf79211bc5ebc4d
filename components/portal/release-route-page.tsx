import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { recordCrawlerFetch } from "@/lib/domains/analytics/fetches";
import { afterResponse } from "@/lib/core/http/after-response";
import { cachedReleasePage } from "@/lib/adapters/public/cached-reads";
import { noteRenderFacts } from "@/lib/adapters/public/stored-answers/render-facts";
import { releaseMetadata, releaseRouteParams, type ReleaseRouteParams } from "@/lib/adapters/public/release-route";
import { NewsroomBox } from "./newsroom-box";
import { PortalFrame } from "./portal-frame";
import { ReleaseArticle } from "./release-article";

// Metadata and page of one request read the release once.
const load = cache(cachedReleasePage);

/** The release page for one edition's path segment (`pressemitteilung` or `press-release`). */
export function releaseRoute(segment: string) {
  return {
    generateMetadata: ({ params }: { params: ReleaseRouteParams }) => releaseMetadata(params, segment, load),
    async Page({ params }: { params: ReleaseRouteParams }) {
      const p = await releaseRouteParams(params, segment);
      const data = p ? await load(p.portal, p.edition, p.slug) : null;
      if (!p || !data) notFound();
      // Crawlers are logged per fetch (the CDN config sends them to the origin); people's views
      // arrive by the beacon. Stored bytes are served by the middleware, which logs each fetch.
      const stored = await noteRenderFacts({ tags: [], fetchLog: { kind: "release", releaseId: data.release.id } });
      const userAgent = (await headers()).get("user-agent");
      if (!stored) afterResponse(() => recordCrawlerFetch(data.release.id, userAgent));
      return (
        <PortalFrame portal={p.portal} edition={p.edition}>
          <ReleaseArticle data={data} edition={p.edition} />
          {data.newsroom ? <NewsroomBox newsroom={data.newsroom} edition={p.edition} /> : null}
        </PortalFrame>
      );
    },
  };
}
