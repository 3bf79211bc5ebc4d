import { getPaymentProvider } from "@/lib/domains/billing/provider";
import { db } from "@/lib/core/db/client";

/**
 * The provider customer of an account, created at its first checkout. Two first checkouts at
 * once may both create one: the provider's idempotency key makes them the same customer, and
 * the conditional update keeps whichever id was stored first.
 */
export async function ensureProviderCustomer(userId: number): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, name: true, stripeCustomerId: true } });
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customerId = await getPaymentProvider().createCustomer({ userId, email: user.email, name: user.name });
  await db.user.updateMany({ where: { id: userId, stripeCustomerId: null }, data: { stripeCustomerId: customerId } });
  const stored = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } });
  return stored.stripeCustomerId!;
}
