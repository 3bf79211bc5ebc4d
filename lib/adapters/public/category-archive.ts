import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { listPublishedReleases, type ReleaseListItem } from "@/lib/domains/releases/list-published";
import { boostedReleases } from "@/lib/domains/billing/boosts/boosted-releases";
import { listCovers, withCovers, type WithCover } from "./list-covers";
import { archiveVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import {
  categoryArchivePath,
  categoryPath,
  editionAlternates,
  getSiteHosts,
  siteOrigin,
  type Edition,
  type Portal,
} from "@/lib/domains/sites";

/** 30 per page (spec 8). */
export const ARCHIVE_PAGE_SIZE = 30;
/** The instant a calendar year begins in Berlin; January is always CET (UTC+1), never summer time. */
export function berlinYearStart(year: number): Date {
  return new Date(Date.UTC(year - 1, 11, 31, 23));
}

export const berlinYearOf = (at: Date) =>
  Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric" }).format(at));

/** An active category of the portal with its active subcategories, or null. */
async function findCategory(portal: Portal, slug: string) {
  return db.category.findFirst({
    where: { portal, slug, isActive: true },
    include: {
      children: { where: { isActive: true }, select: { id: true, slug: true, nameDe: true, nameEn: true }, orderBy: { position: "asc" } },
      parent: { select: { slug: true, nameDe: true, nameEn: true } },
    },
  });
}

function releasesWhere(portal: Portal, edition: Edition, categoryIds: number[], now: Date): Prisma.PressReleaseWhereInput {
  return { ...archiveVisibleReleaseWhere(now), portal, language: edition, categoryId: { in: categoryIds } };
}

/** Years with releases, newest first, with their counts (the year bar). */
async function yearBar(where: Prisma.PressReleaseWhereInput) {
  const span = await db.pressRelease.aggregate({ where, _min: { publishedAt: true }, _max: { publishedAt: true } });
  if (!span._min.publishedAt || !span._max.publishedAt) return [];
  const years: number[] = [];
  for (let y = berlinYearOf(span._max.publishedAt); y >= berlinYearOf(span._min.publishedAt); y--) years.push(y);
  const counts = await Promise.all(
    years.map((year) =>
      db.pressRelease.count({ where: { ...where, publishedAt: { gte: berlinYearStart(year), lt: berlinYearStart(year + 1) } } }),
    ),
  );
  return years.map((year, i) => ({ year, count: counts[i]! })).filter((y) => y.count > 0);
}

export interface CategoryLanding {
  category: NonNullable<Awaited<ReturnType<typeof findCategory>>>;
  name: string;
  description: string | null;
  releases: WithCover<ReleaseListItem>[];
  boosted: WithCover<ReleaseListItem>[];
  years: { year: number; count: number }[];
  url: string;
  alternates: Record<string, string>;
}

/** The category page: newest releases of the category and its active subcategories. */
export async function categoryLanding(portal: Portal, edition: Edition, slug: string, now = new Date()): Promise<CategoryLanding | null> {
  const category = await findCategory(portal, slug);
  if (!category) return null;
  const ids = [category.id, ...category.children.map((c) => c.id)];
  const [releases, years, boosted] = await Promise.all([
    listPublishedReleases({ portal, language: edition, categoryIds: ids, archiveOnly: true, limit: 20, now }),
    yearBar(releasesWhere(portal, edition, ids, now)),
    boostedReleases({ portal, edition, placement: "category", categoryId: category.id, now }),
  ]);
  const covers = await listCovers([releases, boosted]);
  const hosts = getSiteHosts();
  return {
    category,
    name: edition === "de" ? category.nameDe : category.nameEn,
    description: edition === "de" ? category.descriptionDe : category.descriptionEn,
    releases: withCovers(releases, covers),
    boosted: withCovers(boosted, covers),
    years,
    url: `${siteOrigin(portal, hosts)}${categoryPath(edition, slug)}`,
    alternates: editionAlternates(portal, categoryPath("de", slug).slice(3), hosts),
  };
}

/**
 * One archive page (spec 4.1): 30 per page, newest first; without a year the latest year with
 * releases. Unknown category, empty year and an empty later page are null (404). Later pages
 * carry `?page=N` in their canonical and no hreflang.
 */
export async function categoryArchive(portal: Portal, edition: Edition, slug: string, year: number | null, page: number, now = new Date()) {
  const category = await findCategory(portal, slug);
  if (!category || page < 1 || !Number.isInteger(page)) return null;
  const ids = [category.id, ...category.children.map((c) => c.id)];
  const where = releasesWhere(portal, edition, ids, now);
  const years = await yearBar(where);
  const chosen = year ?? years[0]?.year;
  const inYear = chosen === undefined ? undefined : years.find((y) => y.year === chosen);
  if (!inYear) return null;
  const totalPages = Math.ceil(inYear.count / ARCHIVE_PAGE_SIZE);
  if (page > totalPages) return null;
  const releases = await listPublishedReleases({
    portal,
    language: edition,
    categoryIds: ids,
    archiveOnly: true,
    publishedBetween: [berlinYearStart(inYear.year), berlinYearStart(inYear.year + 1)],
    limit: ARCHIVE_PAGE_SIZE,
    offset: (page - 1) * ARCHIVE_PAGE_SIZE,
    now,
  });
  const covers = await listCovers([releases]);
  const hosts = getSiteHosts();
  const origin = siteOrigin(portal, hosts);
  return {
    category,
    name: edition === "de" ? category.nameDe : category.nameEn,
    year: inYear.year,
    page,
    totalPages,
    years,
    releases: withCovers(releases, covers),
    canonical: `${origin}${categoryArchivePath(edition, slug, inYear.year, page)}`,
    // hreflang only on page 1 (the other edition's page N holds other releases).
    alternates:
      page === 1
        ? { de: `${origin}${categoryArchivePath("de", slug, inYear.year)}`, en: `${origin}${categoryArchivePath("en", slug, inYear.year)}` }
        : null,
  };
}
