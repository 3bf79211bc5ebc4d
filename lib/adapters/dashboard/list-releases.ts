import { db } from "@/lib/core/db/client";
import { searchReleases } from "@/lib/domains/releases/search";
import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";
import type { ReleaseStatus } from "@/lib/generated/prisma/enums";

export const DASHBOARD_PAGE_SIZE = 25;

/** The releases of these newsrooms by status, removed ones under their status as the list shows them: the list's tabs and the start page. */
export async function countReleasesByStatus(companyIds: number[]): Promise<Partial<Record<ReleaseStatus, number>>> {
  const grouped = await db.pressRelease.groupBy({
    by: ["status"],
    where: { companyId: { in: companyIds }, deletedAt: null },
    _count: { _all: true },
  });
  return Object.fromEntries(grouped.map((g) => [g.status, g._count._all]));
}

/** The releases of the user's newsrooms, newest first, optionally narrowed by status and words. */
export async function listDashboardReleases(opts: { userId: number; q?: string; status?: ReleaseStatus; page?: number }) {
  const newsrooms = await newsroomsOfUser(opts.userId);
  const page = Math.max(1, opts.page ?? 1);
  const companyIds = newsrooms.map((n) => n.id);
  const [{ ids, total }, counts] = await Promise.all([
    searchReleases({
      companyIds,
      ...(opts.status ? { status: opts.status } : {}),
      ...(opts.q?.trim() ? { q: opts.q.trim() } : {}),
      page,
      perPage: DASHBOARD_PAGE_SIZE,
    }),
    countReleasesByStatus(companyIds),
  ]);
  const rows = await db.pressRelease.findMany({
    where: { id: { in: ids }, deletedAt: null },
    select: {
      id: true,
      title: true,
      status: true,
      portal: true,
      language: true,
      createdAt: true,
      updatedAt: true,
      publishedAt: true,
      scheduledAt: true,
      goneAt: true,
      company: { select: { name: true } },
    },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Keep the search's order (rank, then newest).
  const items = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  return { items, total, counts, page, pageSize: DASHBOARD_PAGE_SIZE, hasNewsroom: newsrooms.length > 0 };
}
export type DashboardReleaseItem = Awaited<ReturnType<typeof listDashboardReleases>>["items"][number];
