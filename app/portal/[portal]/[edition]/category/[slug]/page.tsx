import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BoostedReleases } from "@/components/portal/boosted-releases";
import { PortalFrame } from "@/components/portal/portal-frame";
import { ReleaseList } from "@/components/portal/release-list";
import { YearBar } from "@/components/portal/year-bar";
import { categoryLanding } from "@/lib/public/category-archive";
import { categoryPath, isEdition, isPortal, SITE_NAMES } from "@/lib/sites";

type Params = Promise<{ portal: string; edition: string; slug: string }>;
const load = cache(categoryLanding);
const TEXT = { de: { feed: "RSS-Feed dieser Kategorie", sub: "Unterkategorien" }, en: { feed: "RSS feed of this category", sub: "Subcategories" } } as const;

async function resolve(params: Params) {
  const p = await params;
  if (!isPortal(p.portal) || !isEdition(p.edition)) return null;
  const data = await load(p.portal, p.edition, decodeURIComponent(p.slug));
  return data ? { portal: p.portal, edition: p.edition, data } : null;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const r = await resolve(params);
  if (!r) return {};
  return {
    title: { absolute: `${r.data.name} – ${SITE_NAMES[r.portal]}` },
    description: r.data.description ?? r.data.name,
    alternates: { canonical: r.data.url, languages: r.data.alternates },
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
        <a href={`${path}/feed`} type="application/rss+xml">{t.feed}</a>
      </p>
    </PortalFrame>
  );
}
