import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { loadPortalReach, type PortalReach } from "@/lib/domains/analytics/reach/portal-reach";
import { reachTableOf, SCOPE_REACH_TABLES } from "@/lib/domains/analytics/reach/reach-csv";
import { pastLastPageNotice, readReachPage } from "@/lib/domains/analytics/reach/reach-page";
import { scopeReachCsv } from "@/lib/domains/analytics/reach/scope-reach-csv";
import type { Portal } from "@/lib/generated/prisma/client";
import { oneParam, searchWords, type SearchParams } from "./list-query";

// /admin/reports/reach: the reach report per portal and per newsroom, for staff with the
// screen's permission (ADMIN_SCREENS.reachReport). A plain GET form: portal, a newsroom search whose matches are links, the
// chosen newsroom. Whatever the query string says is read leniently, with a notice.

export const REACH_REPORT_SCREEN = ADMIN_SCREENS.reachReport;

const PORTALS: readonly Portal[] = ["business", "tech"];
const MATCHES = 20;

export interface ReachReportQuery {
  portal: Portal;
  newsroomId: number | null;
  q: string;
  page: number;
}

export function parseReachReportQuery(params: SearchParams): { query: ReachReportQuery; notices: string[] } {
  const notices: string[] = [];
  const rawPortal = oneParam(params, "portal");
  const portal = (PORTALS as readonly string[]).includes(rawPortal) ? (rawPortal as Portal) : "business";
  if (rawPortal && rawPortal !== portal) notices.push("Das angegebene Portal gibt es nicht; gezeigt wird Pressdesk Business.");
  const rawNewsroom = oneParam(params, "newsroom");
  const newsroomId = rawNewsroom ? parseRecordId(rawNewsroom) : null;
  if (rawNewsroom && newsroomId === null) notices.push("Die Angabe des Newsrooms ist keine gültige Nummer; gezeigt wird das ganze Portal.");
  const page = readReachPage(params.page);
  if (page.notice) notices.push(page.notice);
  return { query: { portal, newsroomId, q: searchWords(params), page: page.page }, notices };
}

/** The report's own address for a query, empty parts left out. */
export function reachReportHref(query: Partial<ReachReportQuery>, path: string = REACH_REPORT_SCREEN.href): string {
  const p = new URLSearchParams();
  if (query.portal) p.set("portal", query.portal);
  if (query.newsroomId) p.set("newsroom", String(query.newsroomId));
  if (query.q) p.set("q", query.q);
  if (query.page && query.page > 1) p.set("page", String(query.page));
  const qs = p.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface NewsroomMatch {
  id: number;
  name: string;
}

/** Newsrooms publishing on the portal whose name or address name contains the words, by name. */
async function findNewsrooms(portal: Portal, q: string): Promise<NewsroomMatch[]> {
  if (!q) return [];
  return db.company.findMany({
    where: {
      deletedAt: null,
      portal: { in: [portal, "both"] },
      OR: [{ name: { contains: q, mode: "insensitive" } }, { slug: { contains: q.toLowerCase() } }],
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: MATCHES,
    select: { id: true, name: true },
  });
}

export interface ReachReport {
  query: ReachReportQuery;
  notices: string[];
  reach: PortalReach;
  matches: NewsroomMatch[];
}

export async function loadReachReport(params: SearchParams): Promise<ReachReport> {
  const { query, notices } = parseReachReportQuery(params);
  const reach = await loadPortalReach({ portal: query.portal, companyId: query.newsroomId, page: query.page });
  if (query.newsroomId && !reach.newsroom) notices.push("Diesen Newsroom gibt es nicht; gezeigt wird das ganze Portal.");
  const past = pastLastPageNotice(query.page, reach.releases.page);
  if (past) notices.push(past);
  return {
    query: { ...query, newsroomId: reach.newsroom?.id ?? null },
    notices,
    reach,
    matches: await findNewsrooms(query.portal, query.q),
  };
}

/** One table of the report as CSV; an unknown table, portal or newsroom is not found (a download has no page for a notice). */
export async function reachReportCsv(url: URL, rawTable: string): Promise<{ body: string; filename: string }> {
  const table = reachTableOf(SCOPE_REACH_TABLES, rawTable);
  const portal = url.searchParams.get("portal") ?? "business";
  const rawNewsroom = url.searchParams.get("newsroom");
  const newsroomId = rawNewsroom ? parseRecordId(rawNewsroom) : null;
  if (!table || !(PORTALS as readonly string[]).includes(portal) || (rawNewsroom && newsroomId === null)) {
    throw notFound("No such table in the reach report.");
  }
  if (newsroomId && !(await db.company.count({ where: { id: newsroomId, deletedAt: null } }))) throw notFound("Newsroom not found.");
  const scope = { portal: portal as Portal, ...(newsroomId ? { companyId: newsroomId } : {}) };
  const name = `reichweite-${portal}${newsroomId ? `-newsroom-${newsroomId}` : ""}-${table}.csv`;
  return { body: await scopeReachCsv(scope, table), filename: name };
}
