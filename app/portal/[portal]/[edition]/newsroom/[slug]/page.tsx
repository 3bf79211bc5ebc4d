import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PortalFrame } from "@/components/portal/portal-frame";
import { ReleaseList } from "@/components/portal/release-list";
import { newsroomPageData } from "@/lib/public/newsroom-page";
import { editionAlternates, getSiteHosts, isEdition, isPortal, newsroomPath, SITE_NAMES } from "@/lib/sites";

type Params = Promise<{ portal: string; edition: string; slug: string }>;
const load = cache(newsroomPageData);
const TEXT = { de: { releases: "Pressemitteilungen", feed: "RSS-Feed dieses Newsrooms" }, en: { releases: "Press releases", feed: "RSS feed of this newsroom" } } as const;

async function resolve(params: Params) {
  const p = await params;
  if (!isPortal(p.portal) || !isEdition(p.edition)) return null;
  const data = await load(p.portal, p.edition, decodeURIComponent(p.slug));
  return data ? { portal: p.portal, edition: p.edition, data } : null;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const r = await resolve(params);
  if (!r) return {};
  const alternates = editionAlternates(r.portal, newsroomPath("de", r.data.company.slug).slice(3), getSiteHosts());
  return {
    title: { absolute: `${r.data.company.name} – ${SITE_NAMES[r.portal]}` },
    description: r.data.company.description ?? r.data.company.name,
    alternates: { canonical: r.data.url, languages: alternates },
  };
}

export default async function NewsroomPage({ params }: { params: Params }) {
  const r = await resolve(params);
  if (!r) notFound();
  const { company, releases, feedHref } = r.data;
  const t = TEXT[r.edition];
  return (
    <PortalFrame portal={r.portal} edition={r.edition}>
      <h1>{company.name}</h1>
      {company.description ? <p className="lead">{company.description}</p> : null}
      {company.website ? (
        <p>
          <a href={company.website} rel="nofollow noopener">{company.website.replace(/^https?:\/\//, "")}</a>
        </p>
      ) : null}
      <h2>{t.releases}</h2>
      <ReleaseList items={releases} edition={r.edition} level={3} />
      {feedHref ? (
        <p>
          <a href={feedHref} type="application/rss+xml">{t.feed}</a>
        </p>
      ) : null}
    </PortalFrame>
  );
}
