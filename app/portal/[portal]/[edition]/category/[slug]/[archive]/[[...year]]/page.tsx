import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PortalFrame } from "@/components/portal/portal-frame";
import { ReleaseList } from "@/components/portal/release-list";
import { YearBar } from "@/components/portal/year-bar";
import { decodePathSegment } from "@/lib/core/input/path-segment";
import { archivePage } from "@/lib/adapters/public/cached-reads";
import { categoryArchivePath, isEdition, isPortal, PATH_SEGMENTS, SITE_NAMES } from "@/lib/domains/sites";

// `/archiv` without a year shows the latest year with releases; its canonical names that year.
type Params = Promise<{ portal: string; edition: string; slug: string; archive: string; year?: string[] }>;
type Search = Promise<{ page?: string | string[] }>;
const load = cache(archivePage);
const TEXT = {
  de: {
    description: (n: string, y: number, site: string) => `Alle Pressemitteilungen der Kategorie ${n} aus dem Jahr ${y} auf ${site}.`,
    title: (n: string, y: number) => `${n}: Archiv ${y}`,
    page: "Seite",
    of: "von",
    prev: "Neuere",
    next: "Ältere",
    pages: "Seiten",
  },
  en: {
    description: (n: string, y: number, site: string) => `All press releases in ${n} from ${y} on ${site}.`,
    title: (n: string, y: number) => `${n}: archive ${y}`,
    page: "Page",
    of: "of",
    prev: "Newer",
    next: "Older",
    pages: "Pages",
  },
} as const;

async function resolve(params: Params, searchParams: Search) {
  const p = await params;
  const q = await searchParams;
  const year = p.year?.length === 1 && /^\d{4}$/.test(p.year[0]!) ? Number(p.year[0]) : p.year === undefined ? null : undefined;
  if (!isPortal(p.portal) || !isEdition(p.edition) || p.archive !== PATH_SEGMENTS.archive[p.edition] || year === undefined) return null;
  const rawPage = typeof q.page === "string" ? q.page : "1";
  const slug = decodePathSegment(p.slug);
  if (!/^[1-9]\d{0,5}$/.test(rawPage) || slug === null) return null;
  const data = await load(p.portal, p.edition, slug, year, Number(rawPage));
  return data ? { portal: p.portal, edition: p.edition, data } : null;
}

export async function generateMetadata({ params, searchParams }: { params: Params; searchParams: Search }): Promise<Metadata> {
  const r = await resolve(params, searchParams);
  if (!r) return {};
  const t = TEXT[r.edition];
  const { data } = r;
  return {
    title: { absolute: `${t.title(data.name, data.year)}${data.page > 1 ? ` – ${t.page} ${data.page}` : ""} – ${SITE_NAMES[r.portal]}` },
    description: t.description(data.name, data.year, SITE_NAMES[r.portal]),
    alternates: { canonical: data.canonical, ...(data.alternates ? { languages: data.alternates } : {}) },
  };
}

export default async function CategoryArchivePage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const r = await resolve(params, searchParams);
  if (!r) notFound();
  const { data, edition } = r;
  const t = TEXT[edition];
  const href = (page: number) => categoryArchivePath(edition, data.category.slug, data.year, page);
  return (
    <PortalFrame portal={r.portal} edition={edition}>
      <h1>{t.title(data.name, data.year)}</h1>
      <YearBar edition={edition} slug={data.category.slug} years={data.years} current={data.year} />
      <ReleaseList items={data.releases} edition={edition} />
      {data.totalPages > 1 ? (
        <nav aria-label={t.pages} className="pager">
          {data.page > 1 ? (
            <a href={href(data.page - 1)} rel="prev">
              {t.prev}
            </a>
          ) : null}
          <span>
            {t.page} {data.page} {t.of} {data.totalPages}
          </span>
          {data.page < data.totalPages ? (
            <a href={href(data.page + 1)} rel="next">
              {t.next}
            </a>
          ) : null}
        </nav>
      ) : null}
    </PortalFrame>
  );
}
