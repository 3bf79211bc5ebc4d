import { db } from "@/lib/core/db/client";
import { listPublishedReleases, type ReleaseListItem } from "@/lib/domains/releases/list-published";
import type { Edition, Portal } from "@/lib/domains/sites";

/** Simultaneous boost slots (spec 8): five on the home page, three per category page. */
export const BOOST_SLOTS = { home: 5, category: 3 } as const;

/** The boosts that share one page's slots: its portal and placement, on a category page that category, not cancelled. */
export function boostsOfPageWhere(page: { portal: Portal; placement: "home" | "category"; categoryId?: number | null }) {
  return {
    portal: page.portal,
    placement: page.placement,
    ...(page.placement === "category" ? { categoryId: page.categoryId ?? -1 } : {}),
    cancelledAt: null,
  };
}

/**
 * The boosted releases shown on a page: boosts running now for this portal and place, not
 * cancelled, whose release is visible in the archive in this edition; higher tier first, then
 * the earlier booking. Paid placement is shown marked as such.
 */
export async function boostedReleases(opts: {
  portal: Portal;
  edition: Edition;
  placement: "home" | "category";
  categoryId?: number;
  now?: Date;
}): Promise<ReleaseListItem[]> {
  const now = opts.now ?? new Date();
  const boosts = await db.boost.findMany({
    where: {
      ...boostsOfPageWhere(opts),
      startsAt: { lte: now },
      endsAt: { gt: now },
    },
    orderBy: [{ tier: "desc" }, { createdAt: "asc" }],
    select: { pressReleaseId: true },
    take: 50,
  });
  if (!boosts.length) return [];
  const ids = [...new Set(boosts.map((b) => b.pressReleaseId))];
  const visible = await listPublishedReleases({
    portal: opts.portal,
    language: opts.edition,
    ids,
    archiveOnly: true,
    limit: ids.length,
    now,
  });
  const byId = new Map(visible.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []).slice(0, BOOST_SLOTS[opts.placement]);
}
