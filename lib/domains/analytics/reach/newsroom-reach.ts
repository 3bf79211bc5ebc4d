import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { assertNewsroomViewable } from "./reach-access";
import { loadScopeReach, type ScopeReach } from "./scope-reach";

// The reach of all releases of one newsroom, by month and by release (issue 33), for whoever
// may see the newsroom in the dashboard; any other newsroom is not found.

export interface NewsroomReach extends ScopeReach {
  newsroom: { id: number; name: string };
}

export async function loadNewsroomReach(opts: { userId: number; companyId: number; page?: number; now?: Date }): Promise<NewsroomReach> {
  await assertNewsroomViewable(opts.userId, opts.companyId);
  const newsroom = await db.company.findFirst({ where: { id: opts.companyId, deletedAt: null }, select: { id: true, name: true } });
  if (!newsroom) throw notFound("Newsroom not found.");
  const reach = await loadScopeReach({ companyId: newsroom.id }, { page: opts.page ?? 1, ...(opts.now ? { now: opts.now } : {}) });
  return { newsroom, ...reach };
}
