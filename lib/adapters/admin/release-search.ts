import { db } from "@/lib/core/db/client";
import { ReleaseStatus } from "@/lib/generated/prisma/enums";
import { parseRecordId } from "@/lib/core/input/ids";
import { countOverdueWork, listOverdueReleases } from "@/lib/domains/review/overdue-work";
import { searchReleases } from "@/lib/domains/releases/search";
import { EDITIONS, PORTALS, type Edition, type Portal } from "@/lib/domains/sites";
import { choiceParam, pageParam, searchWords, textParam, type SearchParams } from "./list-query";

// /admin/releases (spec 4.3): every release of every newsroom, found through the search mirror
// (the one full-text index, lib/domains/releases/search.ts), newest first also with words (an editor
// looks for what happened, not for the best match), narrowed by status, portal, language and
// newsroom. The total is counted up to the search's cap, so a common word over a million
// releases costs no more than a rare one; past the cap the pages go on by date.

export const ADMIN_RELEASES_PAGE_SIZE = 25;
/** The statuses in the order a release passes them. */
export const RELEASE_STATUSES = Object.values(ReleaseStatus);
/** Not a status: releases stuck in review or past their planned time (lib/domains/review/overdue-work.ts). */
export const OVERDUE_VIEW = "overdue";
const STATUS_FILTERS = [...RELEASE_STATUSES, OVERDUE_VIEW] as const;

export interface AdminReleaseQuery {
  q: string;
  status?: ReleaseStatus | typeof OVERDUE_VIEW;
  portal?: Portal;
  language?: Edition;
  /** A newsroom's number or slug, as typed. */
  newsroom: string;
  page: number;
}

export function parseAdminReleaseQuery(params: SearchParams): AdminReleaseQuery {
  return {
    q: searchWords(params),
    status: choiceParam(params, "status", STATUS_FILTERS),
    portal: choiceParam(params, "portal", PORTALS),
    language: choiceParam(params, "language", EDITIONS),
    newsroom: textParam(params, "newsroom", 120),
    page: pageParam(params),
  };
}

/** The newsrooms a typed number or slug names (a slug may exist on both portals). */
async function newsroomsNamed(raw: string): Promise<{ id: number; name: string }[]> {
  const id = parseRecordId(raw);
  const where = id !== null ? { id } : { slug: raw.toLowerCase() };
  return db.company.findMany({ where: { ...where, deletedAt: null }, select: { id: true, name: true }, orderBy: { id: "asc" } });
}

/** The stuck releases (all on one page, longest waiting first): few, or the jobs do not run at all. */
async function overdueIds(): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const ids = (await listOverdueReleases(OVERDUE_LIST_MAX)).map((r) => r.id);
  return { ids, total: ids.length, capped: ids.length === OVERDUE_LIST_MAX };
}
/** Past this many the jobs are down and the health check says so; the list shows the longest waiting. */
const OVERDUE_LIST_MAX = 200;

/**
 * A status tab without words lists what its count counts: the releases by their own status (the
 * tab's count reads the same rows), newest first as the search orders them.
 */
async function idsByOwnStatus(
  query: AdminReleaseQuery,
  newsrooms: { id: number }[] | null,
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const where = {
    deletedAt: null,
    status: query.status as ReleaseStatus,
    ...(query.portal ? { portal: query.portal } : {}),
    ...(query.language ? { language: query.language } : {}),
    ...(newsrooms ? { companyId: { in: newsrooms.map((n) => n.id) } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.pressRelease.findMany({
      where,
      orderBy: [{ publishedAt: { sort: "desc", nulls: "first" } }, { id: "desc" }],
      skip: (query.page - 1) * ADMIN_RELEASES_PAGE_SIZE,
      take: ADMIN_RELEASES_PAGE_SIZE,
      select: { id: true },
    }),
    db.pressRelease.count({ where }),
  ]);
  return { ids: rows.map((r) => r.id), total, capped: false };
}

/** Words that are only a release's number ("17", "Nr. 17", "#17"): the list is that release. */
function releaseNumberIn(q: string): number | null {
  return /^(?:nr\.?|#)?\s*\d+$/i.test(q) ? parseRecordId(q.replace(/^(?:nr\.?|#)\s*/i, "")) : null;
}

export async function searchAdminReleases(query: AdminReleaseQuery) {
  const newsrooms = query.newsroom ? await newsroomsNamed(query.newsroom) : null;
  const overdue = query.status === OVERDUE_VIEW;
  const number = releaseNumberIn(query.q);
  const byOwnStatus = !overdue && number === null && !query.q && query.status !== undefined;
  const { ids, total, capped } = overdue
    ? await overdueIds()
    : number !== null
      ? { ids: [number], total: 1, capped: false }
      : byOwnStatus
        ? await idsByOwnStatus(query, newsrooms)
        : await searchReleases({
            ...(query.q ? { q: query.q, order: "newest" as const } : {}),
            ...(query.status && query.status !== OVERDUE_VIEW ? { status: query.status } : {}),
            ...(query.portal ? { portal: query.portal } : {}),
            ...(query.language ? { language: query.language } : {}),
            ...(newsrooms ? { companyIds: newsrooms.map((n) => n.id) } : {}),
            page: query.page,
            perPage: ADMIN_RELEASES_PAGE_SIZE,
          });
  const found = await db.pressRelease.findMany({
    where: {
      id: { in: ids },
      deletedAt: null,
      // The stuck releases come unfiltered: the list's other filters apply here; a release named
      // by its number is shown whatever the filters say. The status filter reads the release's own
      // status, so no mirror row behind it can put a release under the wrong tab.
      ...(query.status && query.status !== OVERDUE_VIEW && number === null ? { status: query.status } : {}),
      ...(overdue && query.portal ? { portal: query.portal } : {}),
      ...(overdue && query.language ? { language: query.language } : {}),
      ...(overdue && query.q ? { title: { contains: query.q, mode: "insensitive" as const } } : {}),
      ...(overdue && newsrooms ? { companyId: { in: newsrooms.map((n) => n.id) } } : {}),
    },
    select: {
      id: true,
      title: true,
      status: true,
      portal: true,
      language: true,
      slug: true,
      createdAt: true,
      publishedAt: true,
      goneAt: true,
      company: { select: { id: true, name: true, goneAt: true } },
    },
  });
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  // The stuck releases and a numbered one are one page, filtered after they were read.
  if (overdue || number !== null) return { rows, total: rows.length, totalCapped: false, pageCount: 1, hasNext: false, newsrooms, overdue };
  return {
    rows,
    total,
    /** The count stopped at the cap: "more than", and the pages go on while they are full. */
    totalCapped: capped,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_RELEASES_PAGE_SIZE)),
    hasNext: capped ? ids.length === ADMIN_RELEASES_PAGE_SIZE : query.page * ADMIN_RELEASES_PAGE_SIZE < total,
    newsrooms,
    overdue,
  };
}

/**
 * The status tabs' counts: every release by its own status under the list's portal, language and
 * newsroom (not its words: a count over a full-text match is what the search caps), and the stuck ones.
 */
export async function countAdminReleasesByStatus(query: AdminReleaseQuery): Promise<Record<string, number>> {
  const newsrooms = query.newsroom ? await newsroomsNamed(query.newsroom) : null;
  const groups = await db.pressRelease.groupBy({
    by: ["status"],
    where: {
      deletedAt: null,
      ...(query.portal ? { portal: query.portal } : {}),
      ...(query.language ? { language: query.language } : {}),
      ...(newsrooms ? { companyId: { in: newsrooms.map((n) => n.id) } } : {}),
    },
    _count: { _all: true },
  });
  const counts: Record<string, number> = Object.fromEntries(groups.map((g) => [g.status, g._count._all]));
  counts.all = groups.reduce((sum, g) => sum + g._count._all, 0);
  const stuck = await countOverdueWork();
  counts[OVERDUE_VIEW] = stuck.reviews + stuck.scheduled;
  return counts;
}
export type AdminReleaseRow = Awaited<ReturnType<typeof searchAdminReleases>>["rows"][number];
