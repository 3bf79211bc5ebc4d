import { db, type DbOrTx } from "@/lib/core/db/client";

/**
 * Closes every open link of an account, of every purpose (spec 4.3: a password reset ends all
 * open login links). Links sent to the address before the account existed (no user id) sign in
 * to it as well, so they close too. Closed by expiry, so used_at keeps meaning "redeemed".
 * Returns the number of links closed.
 */
export async function expireOpenLoginLinks(userId: number, client: DbOrTx = db, now: Date = new Date()): Promise<number> {
  const user = await client.user.findUnique({ where: { id: userId }, select: { email: true } });
  const { count } = await client.magicLink.updateMany({
    where: { OR: [{ userId }, ...(user ? [{ userId: null, email: user.email }] : [])], usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
  return count;
}
