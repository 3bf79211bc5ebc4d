import { db } from "@/lib/core/db/client";
import type { Edition, Portal } from "@/lib/domains/sites";
import { archiveVisibleReleaseWhere, publiclyVisibleReleaseWhere } from "./visibility";

export interface ReleaseListItem {
  id: number;
  slug: string;
  title: string;
  lead: string | null;
  publishedAt: Date;
  portal: Portal;
  language: Edition;
  companyName: string;
  companySlug: string;
  categoryName: string | null;
}

/** Newest publicly visible releases of one portal edition. */
export async function listPublishedReleases(opts: {
  portal: Portal;
  language: Edition;
  companyId?: number;
  ids?: number[];
  categoryIds?: number[];
  /** Only releases visible in the archive (category pages, archives). */
  archiveOnly?: boolean;
  publishedBetween?: [Date, Date];
  limit?: number;
  offset?: number;
  now?: Date;
}): Promise<ReleaseListItem[]> {
  const rows = await db.pressRelease.findMany({
    where: {
      ...(opts.archiveOnly ? archiveVisibleReleaseWhere(opts.now) : publiclyVisibleReleaseWhere(opts.now)),
      portal: opts.portal,
      language: opts.language,
      ...(opts.companyId ? { companyId: opts.companyId } : {}),
      ...(opts.ids ? { id: { in: opts.ids } } : {}),
      ...(opts.categoryIds ? { categoryId: { in: opts.categoryIds } } : {}),
      // Inside the visibility rule's own publishedAt bound (lte now).
      ...(opts.publishedBetween ? { AND: [{ publishedAt: { gte: opts.publishedBetween[0], lt: opts.publishedBetween[1] } }] } : {}),
    },
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take: opts.limit ?? 20,
    skip: opts.offset ?? 0,
    select: {
      id: true,
      slug: true,
      title: true,
      lead: true,
      publishedAt: true,
      portal: true,
      language: true,
      company: { select: { name: true, slug: true } },
      category: { select: { nameDe: true, nameEn: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    lead: r.lead,
    publishedAt: r.publishedAt!,
    portal: r.portal,
    language: r.language,
    companyName: r.company.name,
    companySlug: r.company.slug,
    categoryName: r.category ? (opts.language === "de" ? r.category.nameDe : r.category.nameEn) : null,
  }));
}
