import { db } from "@/lib/core/db/client";
import { categoryPath, feedPath, getSiteHosts, newsroomPath, siteOrigin, type Edition, type Portal } from "@/lib/domains/sites";
import type { FeedResult } from "./feeds";
import { feedIn, type FeedFormat } from "./formats";

// The hub publishes no feeds of its own: its feed URLs answer 301 to the portal that has the
// content (spec 4.1). The edition feed goes to the leading portal, Business.
const LEADING_PORTAL: Portal = "business";

const to = (portal: Portal, path: string): FeedResult => ({ kind: "redirect", location: `${siteOrigin(portal, getSiteHosts())}${path}` });

export function hubEditionFeed(edition: Edition, format: FeedFormat = "rss"): FeedResult {
  return to(LEADING_PORTAL, feedIn(format, feedPath(edition)));
}

export async function hubCategoryFeed(edition: Edition, slug: string, format: FeedFormat = "rss"): Promise<FeedResult> {
  const category = await db.category.findFirst({ where: { slug, isActive: true }, orderBy: { portal: "asc" }, select: { portal: true } });
  return category ? to(category.portal, feedIn(format, `${categoryPath(edition, slug)}/feed`)) : { kind: "missing" };
}

/** The company's portal; a newsroom on both portals goes to the leading one. */
export async function hubNewsroomFeed(edition: Edition, slug: string, format: FeedFormat = "rss"): Promise<FeedResult> {
  const company = await db.company.findFirst({ where: { slug, deletedAt: null }, orderBy: { id: "asc" }, select: { portal: true } });
  if (!company) return { kind: "missing" };
  return to(company.portal === "both" ? LEADING_PORTAL : company.portal, feedIn(format, `${newsroomPath(edition, slug)}/feed`));
}
