import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { loadSlugPage, type SlugPageParams } from "@/lib/adapters/public/slug-page";
import { BoostedReleases } from "@/components/portal/boosted-releases";
import { PortalFrame } from "@/components/portal/portal-frame";
import { ReleaseList } from "@/components/portal/release-list";
import { YearBar } from "@/components/portal/year-bar";
import { cachedCategoryLanding } from "@/lib/adapters/public/cached-reads";
import { feedAlternates } from "@/lib/adapters/public/feeds/formats";
import { categoryPath, SITE_NAMES } from "@/lib/domains/sites";

type Params = SlugPageParams;
const load = cache(cachedCategoryLanding);
const TEXT = {
  de: { feed: "RSS-Feed dieser Kategorie", sub: "Unterkategorien" },
  en: { feed: "RSS feed of this category", sub: "Subcategories" },
} as const;

const resolve = (params: Params) => loadSlugPage(params, load);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const r = await resolve(params);
  if (!r) return {};
  return {
    title: { absolute: `${r.data.name} – ${SITE_NAMES[r.portal]}` },
    description: r.data.description ?? r.data.name,
    alternates: {
      canonical: r.data.url,
      languages: r.data.alternates,
      types: feedAlternates(`${categoryPath(r.edition, r.data.category.slug)}/feed`),
    },
  };
}

export default async function CategoryPage({ params }: { params: Params }) {
  const r = await resolve(params);
  if (!r) notFound();
  const { data, edition } = r;
  const t = TEXT[edition];
  const path = categoryPath(edition, data.category.slug);
  return (
    <PortalFrame portal={r.portal} edition={edition}>
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
      <ReleaseList items={data.releases} edition={edition} />
      <p>
        <a href={`${path}/feed`} type="application/rss+xml">
          {t.feed}
        </a>
      </p>
    </PortalFrame>
  );
}
