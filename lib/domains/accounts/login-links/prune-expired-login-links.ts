import { db } from "@/lib/core/db/client";

/** How long expired or redeemed links are kept, for support questions ("my link did not work"). */
export const LOGIN_LINK_RETENTION_DAYS = 30;

/** Deletes links that expired or were redeemed more than 30 days ago. Returns how many. */
export async function pruneExpiredLoginLinks(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - LOGIN_LINK_RETENTION_DAYS * 24 * 3_600_000);
  const { count } = await db.magicLink.deleteMany({ where: { OR: [{ expiresAt: { lt: cutoff } }, { usedAt: { lt: cutoff } }] } });
  return count;
}
