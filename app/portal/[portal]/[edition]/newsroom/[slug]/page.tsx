import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { loadSlugPage, type SlugPageParams } from "@/lib/adapters/public/slug-page";
import { NewsroomContact, NewsroomHeader } from "@/components/portal/newsroom-profile";
import { PortalFrame } from "@/components/portal/portal-frame";
import { ReleaseList } from "@/components/portal/release-list";
import { cachedNewsroomPage } from "@/lib/adapters/public/cached-reads";
import { feedAlternates } from "@/lib/adapters/public/feeds/formats";
import { editionAlternates, getSiteHosts, newsroomPath, SITE_NAMES } from "@/lib/domains/sites";

type Params = SlugPageParams;
const load = cache(cachedNewsroomPage);
const TEXT = {
  de: { releases: "Pressemitteilungen", feed: "RSS-Feed dieses Newsrooms" },
  en: { releases: "Press releases", feed: "RSS feed of this newsroom" },
} as const;

const resolve = (params: Params) => loadSlugPage(params, load);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const r = await resolve(params);
  if (!r) return {};
  const alternates = editionAlternates(r.portal, newsroomPath("de", r.data.company.slug).slice(3), getSiteHosts());
  return {
    title: { absolute: `${r.data.company.name} – ${SITE_NAMES[r.portal]}` },
    description: r.data.profile.description ?? r.data.company.name,
    alternates: { canonical: r.data.url, languages: alternates, ...(r.data.feedHref ? { types: feedAlternates(r.data.feedHref) } : {}) },
  };
}

export default async function NewsroomPage({ params }: { params: Params }) {
  const r = await resolve(params);
  if (!r) notFound();
  const { releases, feedHref, jsonLd } = r.data;
  const t = TEXT[r.edition];
  return (
    <PortalFrame portal={r.portal} edition={r.edition}>
      <NewsroomHeader data={r.data} />
      <NewsroomContact data={r.data} edition={r.edition} />
      <h2>{t.releases}</h2>
      <ReleaseList items={releases} edition={r.edition} level={3} />
      {feedHref ? (
        <p>
          <a href={feedHref} type="application/rss+xml">
            {t.feed}
          </a>
        </p>
      ) : null}
      {/* JSON inside <script>: "<" escaped so text can never close the tag. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
    </PortalFrame>
  );
}
