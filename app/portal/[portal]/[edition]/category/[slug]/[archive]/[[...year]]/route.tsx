import { Pager } from "@/components/portal/pager";
import { readerPage } from "@/components/portal/reader-route";
import { ReleaseList } from "@/components/portal/release-list";
import { YearBar } from "@/components/portal/year-bar";
import { archivePage } from "@/lib/adapters/public/cached-reads";
import { readPageParam } from "@/lib/adapters/public/reader-pages/page-param";
import { decodePathSegment } from "@/lib/core/input/path-segment";
import { categoryArchivePath, categoryPath, PATH_SEGMENTS, SITE_NAMES } from "@/lib/domains/sites";

// `/archiv` without a year shows the latest year with releases; its canonical names that year.
const TEXT = {
  de: {
    description: (n: string, y: number, site: string) => `Alle Pressemitteilungen der Kategorie ${n} aus dem Jahr ${y} auf ${site}.`,
    title: (n: string, y: number) => `${n}: Archiv ${y}`,
    page: "Seite",
    archive: "Archiv",
  },
  en: {
    description: (n: string, y: number, site: string) => `All press releases in ${n} from ${y} on ${site}.`,
    title: (n: string, y: number) => `${n}: archive ${y}`,
    page: "Page",
    archive: "Archive",
  },
} as const;

export const GET = readerPage({
  load({ portal, edition, params, search }) {
    const years = params.year;
    const year =
      years === undefined ? null : Array.isArray(years) && years.length === 1 && /^\d{4}$/.test(years[0]!) ? Number(years[0]) : undefined;
    const slug = typeof params.slug === "string" ? decodePathSegment(params.slug) : null;
    const page = readPageParam(search, 999_999);
    if (params.archive !== PATH_SEGMENTS.archive[edition] || year === undefined || slug === null || page === null)
      return Promise.resolve(null);
    return archivePage(portal, edition, slug, year, page);
  },
  metadata(data, { portal, edition }) {
    const t = TEXT[edition];
    return {
      title: { absolute: `${t.title(data.name, data.year)}${data.page > 1 ? ` – ${t.page} ${data.page}` : ""} – ${SITE_NAMES[portal]}` },
      description: t.description(data.name, data.year, SITE_NAMES[portal]),
      alternates: { canonical: data.canonical, ...(data.alternates ? { languages: data.alternates } : {}) },
    };
  },
  frame: (data, { edition }) => ({
    current: { category: data.category.parent?.slug ?? data.category.slug },
    breadcrumbs: [
      { label: data.name, href: categoryPath(edition, data.category.slug) },
      { label: `${TEXT[edition].archive} ${data.year}` },
    ],
  }),
  body(data, { edition }) {
    const t = TEXT[edition];
    return (
      <>
        <h1>{t.title(data.name, data.year)}</h1>
        <YearBar edition={edition} slug={data.category.slug} years={data.years} current={data.year} />
        <ReleaseList items={data.releases} edition={edition} />
        <Pager
          page={data.page}
          hasNext={data.page < data.totalPages}
          total={data.totalPages}
          href={(page) => categoryArchivePath(edition, data.category.slug, data.year, page)}
          edition={edition}
        />
      </>
    );
  },
});
