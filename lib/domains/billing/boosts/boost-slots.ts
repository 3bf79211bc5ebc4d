import type { DbOrTx, Tx } from "@/lib/core/db/client";
import type { BoostPlacement } from "@/lib/domains/prices/catalog";
import { BOOST_SLOTS, boostsOfPageWhere } from "@/lib/domains/billing/boosts/boosted-releases";
import type { Portal } from "@/lib/domains/sites";

// The boost inventory of one page: the home page of a portal, or one category page. Booking
// and the offer read it the same way; only booking locks it.

export interface SlotPage {
  portal: Portal;
  placement: BoostPlacement;
  /** The category page; null for the home page. */
  categoryId: number | null;
}

/** boost_slot_locks keys the home page with category 0. */
const lockCategoryOf = (page: SlotPage) => (page.placement === "home" ? 0 : (page.categoryId ?? 0));

/**
 * Serialises bookings of one page: two buyers of the last slot would otherwise both count four
 * running boosts and both book the fifth. The row is created on first use (insert-or-ignore; a
 * concurrent first insert waits for the other and then finds it), then locked until commit.
 */
export async function lockSlotPage(tx: Tx, page: SlotPage): Promise<void> {
  const categoryId = lockCategoryOf(page);
  await tx.$executeRaw`
    INSERT INTO boost_slot_locks (portal, placement, category_id) VALUES (${page.portal}::"Portal", ${page.placement}::"BoostPlacement", ${categoryId})
    ON CONFLICT (portal, placement, category_id) DO NOTHING`;
  await tx.$queryRaw`
    SELECT id FROM boost_slot_locks WHERE portal = ${page.portal}::"Portal" AND placement = ${page.placement}::"BoostPlacement" AND category_id = ${categoryId} FOR UPDATE`;
}

/** End instants of the boosts on the page that are not cancelled and overlap [from, until), earliest first. */
export async function occupiedUntil(client: DbOrTx, page: SlotPage, from: Date, until: Date): Promise<Date[]> {
  const rows = await client.boost.findMany({
    where: {
      ...boostsOfPageWhere(page),
      startsAt: { lt: until },
      endsAt: { gt: from },
    },
    orderBy: { endsAt: "asc" },
    select: { endsAt: true },
  });
  return rows.map((r) => r.endsAt);
}

/**
 * When a slot of the page is free: null if one is free already, else the instant enough of the
 * occupying boosts have ended (with exactly as many as slots, the first end).
 */
export function earliestFreeAt(placement: BoostPlacement, endsAt: Date[]): Date | null {
  const slots = BOOST_SLOTS[placement];
  if (endsAt.length < slots) return null;
  return endsAt[endsAt.length - slots]!;
}
