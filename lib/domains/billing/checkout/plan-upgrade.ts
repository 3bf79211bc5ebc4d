import { isPlanId, PLANS, type Plan, type PlanId } from "@/lib/domains/prices/catalog";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";

// A move to a bigger plan (docs/billing.md, "Changing to a bigger plan"). The spec is silent on
// plan changes, so an upgrade is a booking of the new plan through the first booking's checkout;
// once it is paid, the plan it replaces gets notice to the end of its paid period.

/** The catalog's plans bigger than a booking: more publications a month, smallest first. */
export function upgradePlans(current: { monthlyReleaseQuota: number }): Plan[] {
  return Object.values(PLANS)
    .filter((plan) => plan.monthlyReleaseQuota > current.monthlyReleaseQuota)
    .sort((a, b) => a.monthlyReleaseQuota - b.monthlyReleaseQuota);
}

/**
 * Checks that `planId` may replace the agreement `agreementId` of `userId`: the customer's own
 * running, paid-up agreement without notice, the only one running, and the plan bigger than it.
 * Read at checkout start without a lock. When the payment arrives the webhook only checks that
 * the old plan is still the customer's and not ending (endReplacedAgreement); two upgrades paid
 * in two tabs leave two plans, flagged as a duplicate booking, with the larger quota only.
 */
export async function assertPlanUpgrade(
  opts: { userId: number; agreementId: number; planId: string },
  client: DbOrTx = db,
): Promise<{ planId: PlanId }> {
  if (!isPlanId(opts.planId)) throw new AppError("validation_failed", "Dieses Paket gibt es nicht.");
  const current = await client.userPaymentOption.findUnique({
    where: { id: opts.agreementId },
    select: { userId: true, status: true, cancelAtPeriodEnd: true, monthlyReleaseQuota: true },
  });
  // Another account's agreement is answered like one that does not exist, so ids cannot be probed.
  if (!current || current.userId !== opts.userId) throw notFound("Diesen Vertrag gibt es nicht.");
  if (current.status === "cancelled" || current.cancelAtPeriodEnd)
    throw new AppError("conflict", "Dieses Paket endet bereits. Buchen Sie das neue Paket direkt.");
  if (current.status !== "active")
    throw new AppError("conflict", "Bitte begleichen Sie zuerst die offene Zahlung Ihres Pakets; danach können Sie wechseln.");
  if (!upgradePlans(current).some((plan) => plan.id === opts.planId))
    throw new AppError("validation_failed", "Auf dieses Paket können Sie nicht wechseln: es ist nicht größer als Ihr jetziges.");
  const others = await client.userPaymentOption.count({
    where: { userId: opts.userId, status: { in: ["active", "past_due"] }, cancelAtPeriodEnd: false, id: { not: opts.agreementId } },
  });
  if (others) throw new AppError("conflict", "Sie haben mehrere laufende Pakete. Bitte wenden Sie sich an uns, bevor Sie wechseln.");
  return { planId: opts.planId };
}
