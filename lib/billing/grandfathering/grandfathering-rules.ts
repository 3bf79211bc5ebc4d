import type { UserPaymentOption } from "@/lib/generated/prisma/client";

type Terms = Pick<UserPaymentOption, "status" | "grandfatheredUntil" | "grandfatheringExpiredAt" | "periodEnd">;

/**
 * Spec 3.1: an active agreement with `grandfathered_until` ends when its next period begins after
 * that date. The next period begins at `period_end` (now, when it has none); an end date already
 * past ends it as well. The invoice run uses the same rule to leave such agreements alone.
 */
export function isGrandfatheringOver(agreement: Terms, now: Date): boolean {
  const until = agreement.grandfatheredUntil;
  if (agreement.status !== "active" || !until || agreement.grandfatheringExpiredAt) return false;
  const nextPeriodStart = agreement.periodEnd ?? now;
  return nextPeriodStart > until || now > until;
}

/** The subscriptions at the provider that end with these card agreements (manual ones have none). */
export function providerSubscriptionsOf(agreements: Pick<UserPaymentOption, "id" | "provider" | "stripeSubscriptionId">[]): { agreementId: number; subscriptionId: string }[] {
  return agreements.flatMap((a) => (a.provider === "stripe" && a.stripeSubscriptionId ? [{ agreementId: a.id, subscriptionId: a.stripeSubscriptionId }] : []));
}
