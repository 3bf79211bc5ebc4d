import { db } from "@/lib/core/db/client";
import { Prisma, type Portal } from "@/lib/generated/prisma/client";
import { MAIL_CLICK_METRIC, SHARE_METRIC_PREFIX, VIEW_METRIC } from "./metrics";

// The reach of a set of releases: a newsroom's (the dashboard) or a portal's, optionally one
// newsroom's there (the admin area). Read from release_monthly_counts, twelve rows a year per
// release and metric, joined to the releases of the set in one pass (a hash aggregate): a
// newsroom with 1,000 releases and ten million events costs some 45,000 small rows. Releases count
// once they were published; deleted ones are left out, archived and removed ones keep their reach.

export interface ReachScope {
  companyId?: number;
  portal?: Portal;
}

export interface MonthReach {
  month: string;
  views: number;
  shares: number;
  mailClicks: number;
  /** Releases first published in the month. */
  publications: number;
}

export interface ReleaseReachRow {
  id: number;
  title: string;
  portal: Portal;
  companyId: number;
  companyName: string;
  publishedAt: Date;
  views: number;
  shares: number;
  mailClicks: number;
  firstCrawlerFetchAt: Date | null;
}

/** The releases of a set in SQL (alias `r`): published once, not deleted, of the newsroom and/or portal. */
export function scopeWhere(scope: ReachScope): Prisma.Sql {
  return Prisma.sql`r.published_ever_at IS NOT NULL AND r.deleted_at IS NULL
    ${scope.companyId !== undefined ? Prisma.sql`AND r.company_id = ${scope.companyId}` : Prisma.empty}
    ${scope.portal !== undefined ? Prisma.sql`AND r.portal = ${scope.portal}::"Portal"` : Prisma.empty}`;
}

/** Views, shares and mail clicks of release_monthly_counts rows (alias `m`), as views, shares, mail_clicks. */
export const METRIC_SUMS = Prisma.sql`
  coalesce(sum(m.count) FILTER (WHERE m.metric = ${VIEW_METRIC}), 0)::int AS views,
  coalesce(sum(m.count) FILTER (WHERE m.metric LIKE ${`${SHARE_METRIC_PREFIX}%`}), 0)::int AS shares,
  coalesce(sum(m.count) FILTER (WHERE m.metric = ${MAIL_CLICK_METRIC}), 0)::int AS mail_clicks`;

/** Views, shares, mail clicks and first publications per Berlin month of `months` ("YYYY-MM", in order), zeros included. */
export async function loadMonthlyReach(scope: ReachScope, months: string[]): Promise<MonthReach[]> {
  if (!months.length) return [];
  const first = `${months[0]}-01`;
  const counted = await db.$queryRaw<{ month: string; views: number; shares: number; mail_clicks: number }[]>`
    SELECT to_char(m.month, 'YYYY-MM') AS month, ${METRIC_SUMS}
    FROM press_releases r JOIN release_monthly_counts m ON m.press_release_id = r.id AND m.month >= ${first}::date
    WHERE ${scopeWhere(scope)}
    GROUP BY 1`;
  const published = await db.$queryRaw<{ month: string; n: number }[]>`
    SELECT to_char(r.published_ever_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM') AS month, count(*)::int AS n
    FROM press_releases r
    WHERE ${scopeWhere(scope)} AND r.published_ever_at >= (${first}::date::timestamp AT TIME ZONE 'Europe/Berlin')
    GROUP BY 1`;
  const byMonth = new Map(counted.map((c) => [c.month, c]));
  const publications = new Map(published.map((p) => [p.month, p.n]));
  return months.map((month) => {
    const c = byMonth.get(month);
    return {
      month,
      views: c?.views ?? 0,
      shares: c?.shares ?? 0,
      mailClicks: c?.mail_clicks ?? 0,
      publications: publications.get(month) ?? 0,
    };
  });
}

/** How many releases the set holds (an index count: the page bound is known before the page is read). */
export async function countReleases(scope: ReachScope): Promise<number> {
  const [count] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM press_releases r WHERE ${scopeWhere(scope)}`;
  return count?.n ?? 0;
}

export interface ReleasePage {
  rows: ReleaseReachRow[];
  /** All-time sums over the whole set: the ranking adds up every release anyway. */
  totals: { views: number; shares: number; mailClicks: number };
}

/**
 * The set's releases with their all-time figures, most views first (then newest), `limit` from
 * `offset`; each with the first crawler fetch of its page. One pass over the set's monthly rows
 * (a hash aggregate, not a lookup per release) ranks them and sums the set.
 */
export async function loadReleasePage(scope: ReachScope, page: { limit: number; offset: number }): Promise<ReleasePage> {
  const rows = await db.$queryRaw<
    {
      id: number;
      title: string;
      portal: Portal;
      company_id: number;
      company_name: string;
      published: Date;
      views: number;
      shares: number;
      mail_clicks: number;
      all_views: number;
      all_shares: number;
      all_mail_clicks: number;
    }[]
  >`
    WITH scoped AS (
      SELECT r.id, r.title, r.portal, r.company_id, coalesce(r.published_at, r.published_ever_at) AS published
      FROM press_releases r WHERE ${scopeWhere(scope)}
    ), sums AS (
      SELECT m.press_release_id AS id, ${METRIC_SUMS}
      FROM release_monthly_counts m JOIN scoped s ON s.id = m.press_release_id
      GROUP BY m.press_release_id
    ), ranked AS (
      SELECT s.*, coalesce(t.views, 0) AS views, coalesce(t.shares, 0) AS shares, coalesce(t.mail_clicks, 0) AS mail_clicks
      FROM scoped s LEFT JOIN sums t ON t.id = s.id
    )
    SELECT k.id, k.title, k.portal, k.company_id, c.name AS company_name, k.published, k.views, k.shares, k.mail_clicks,
           k.all_views, k.all_shares, k.all_mail_clicks
    FROM (
      SELECT ranked.*, sum(views) OVER ()::int AS all_views, sum(shares) OVER ()::int AS all_shares, sum(mail_clicks) OVER ()::int AS all_mail_clicks
      FROM ranked
      ORDER BY views DESC, published DESC, id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}
    ) k JOIN companies c ON c.id = k.company_id
    ORDER BY k.views DESC, k.published DESC, k.id DESC`;
  const ids = rows.map((r) => r.id);
  const crawls = ids.length
    ? await db.$queryRaw<{ id: number; first: Date }[]>`
        SELECT press_release_id AS id, min(fetched_at) AS first FROM crawler_fetches WHERE press_release_id = ANY(${ids}::int[]) GROUP BY 1`
    : [];
  const firstCrawl = new Map(crawls.map((c) => [c.id, c.first]));
  const sums = rows[0];
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      portal: r.portal,
      companyId: r.company_id,
      companyName: r.company_name,
      publishedAt: r.published,
      views: r.views,
      shares: r.shares,
      mailClicks: r.mail_clicks,
      firstCrawlerFetchAt: firstCrawl.get(r.id) ?? null,
    })),
    totals: { views: sums?.all_views ?? 0, shares: sums?.all_shares ?? 0, mailClicks: sums?.all_mail_clicks ?? 0 },
  };
}
