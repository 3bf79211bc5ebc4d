import type { Tx } from "@/lib/core/db/client";

/**
 * The account a subscriber's address belongs to, if one exists and no other subscription holds
 * it (an account that changed its address may still be linked to its old one). A linked
 * subscriber counts as a customer in the recipient filter and gets one mail per campaign.
 */
export async function linkableUserId(tx: Tx, subscriber: { id: number; email: string; userId: number | null }): Promise<number | null> {
  if (subscriber.userId) return subscriber.userId;
  const user = await tx.user.findUnique({ where: { email: subscriber.email }, select: { id: true } });
  if (!user) return null;
  const holder = await tx.newsletterSubscriber.findUnique({ where: { userId: user.id }, select: { id: true } });
  return holder && holder.id !== subscriber.id ? null : user.id;
}
