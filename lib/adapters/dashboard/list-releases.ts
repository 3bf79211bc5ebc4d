import { db } from "@/lib/core/db/client";
import { searchReleases } from "@/lib/domains/releases/search";
import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";

export const DASHBOARD_PAGE_SIZE = 25;

/** The releases of the user's newsrooms, newest first, optionally narrowed by words. */
export async function listDashboardReleases(opts: { userId: number; q?: string; page?: number }) {
  const newsrooms = await newsroomsOfUser(opts.userId);
  const page = Math.max(1, opts.page ?? 1);
  const { ids, total } = await searchReleases({
    companyIds: newsrooms.map((n) => n.id),
    ...(opts.q?.trim() ? { q: opts.q.trim() } : {}),
    page,
    perPage: DASHBOARD_PAGE_SIZE,
  });
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
  return { items, total, page, pageSize: DASHBOARD_PAGE_SIZE, hasNewsroom: newsrooms.length > 0 };
}
export type DashboardReleaseItem = Awaited<ReturnType<typeof listDashboardReleases>>["items"][number];
