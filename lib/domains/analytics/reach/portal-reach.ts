import { db } from "@/lib/core/db/client";
import type { Portal } from "@/lib/generated/prisma/client";
import { METRIC_SUMS, scopeWhere, type ReachScope } from "./reach-of-releases";
import { loadScopeReach, type ScopeReach } from "./scope-reach";

// The admin's reach report (issue 33): the same figures as the newsroom report, for all
// releases of a portal or of one newsroom there, and which newsrooms reach most on the portal.
// No access check here: the admin page and its CSV route demand the staff permission first.

export interface NewsroomReachRow {
  id: number;
  name: string;
  releases: number;
  views: number;
  shares: number;
  mailClicks: number;
}

export interface PortalReach extends ScopeReach {
  portal: Portal;
  /** The newsroom the report is narrowed to; null: the whole portal. */
  newsroom: { id: number; name: string } | null;
  /** The portal's newsrooms with the most views (all time), when no newsroom is chosen. */
  newsrooms: NewsroomReachRow[];
}

export const TOP_NEWSROOMS = 25;

export async function loadPortalReach(opts: {
  portal: Portal;
  companyId?: number | null;
  page?: number;
  now?: Date;
}): Promise<PortalReach> {
  const newsroom = opts.companyId
    ? await db.company.findFirst({ where: { id: opts.companyId, deletedAt: null }, select: { id: true, name: true } })
    : null;
  const scope: ReachScope = { portal: opts.portal, ...(newsroom ? { companyId: newsroom.id } : {}) };
  const reach = await loadScopeReach(scope, { page: opts.page ?? 1, ...(opts.now ? { now: opts.now } : {}) });
  return { portal: opts.portal, newsroom, newsrooms: newsroom ? [] : await loadTopNewsrooms(opts.portal), ...reach };
}

/** The newsrooms of a portal by all-time views of their releases there: one pass over the portal's monthly rows. */
export async function loadTopNewsrooms(portal: Portal, limit = TOP_NEWSROOMS): Promise<NewsroomReachRow[]> {
  const rows = await db.$queryRaw<{ id: number; name: string; releases: number; views: number; shares: number; mail_clicks: number }[]>`
    WITH scoped AS (
      SELECT r.id, r.company_id FROM press_releases r WHERE ${scopeWhere({ portal })}
    ), sums AS (
      SELECT m.press_release_id AS id, ${METRIC_SUMS}
      FROM release_monthly_counts m JOIN scoped s ON s.id = m.press_release_id
      GROUP BY m.press_release_id
    )
    SELECT c.id, c.name, count(*)::int AS releases, coalesce(sum(t.views), 0)::int AS views,
           coalesce(sum(t.shares), 0)::int AS shares, coalesce(sum(t.mail_clicks), 0)::int AS mail_clicks
    FROM scoped s JOIN companies c ON c.id = s.company_id LEFT JOIN sums t ON t.id = s.id
    GROUP BY c.id, c.name
    ORDER BY 4 DESC, c.name, c.id
    LIMIT ${limit}`;
  return rows.map((r) => ({ id: r.id, name: r.name, releases: r.releases, views: r.views, shares: r.shares, mailClicks: r.mail_clicks }));
}
