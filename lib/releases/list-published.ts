import { db } from "@/lib/db/client";
import type { Edition, Portal } from "@/lib/sites";
import { publiclyVisibleReleaseWhere } from "./visibility";

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
export async function listPublishedReleases(opts: { portal: Portal; language: Edition; companyId?: number; limit?: number; now?: Date }): Promise<ReleaseListItem[]> {
  const rows = await db.pressRelease.findMany({
    where: { ...publiclyVisibleReleaseWhere(opts.now), portal: opts.portal, language: opts.language, ...(opts.companyId ? { companyId: opts.companyId } : {}) },
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take: opts.limit ?? 20,
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
