import { onPortalWhere, PUBLIC_NEWSROOM_WHERE } from "@/lib/companies/portals";
import { db } from "@/lib/db/client";
import { listPublishedReleases } from "@/lib/releases/list-published";
import { feedPath, getSiteHosts, newsroomPath, siteOrigin, type Edition, type Portal } from "@/lib/sites";

/** A newsroom page's data, or null (404) for an unknown, inactive or removed newsroom of this portal. */
export async function newsroomPageData(portal: Portal, edition: Edition, slug: string, now = new Date()) {
  const company = await db.company.findFirst({
    where: { slug, ...onPortalWhere(portal), ...PUBLIC_NEWSROOM_WHERE, mergedIntoCompanyId: null },
    select: { id: true, name: true, slug: true, descriptionDe: true, descriptionEn: true, website: true },
  });
  if (!company) return null;
  const releases = await listPublishedReleases({ portal, language: edition, companyId: company.id, limit: 30, now });
  const path = newsroomPath(edition, company.slug);
  return { company, releases, url: `${siteOrigin(portal, getSiteHosts())}${path}`, feedHref: releases.length ? `${path}${feedPath(edition).slice(3)}` : null };
}
