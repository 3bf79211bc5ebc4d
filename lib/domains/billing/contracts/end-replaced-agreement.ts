import { lockAgreement } from "@/lib/domains/billing/agreements/agreement-locks";
import { planName } from "@/lib/domains/prices/catalog";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import type { Tx } from "@/lib/core/db/client";

export interface ReplacedAgreement {
  agreementId: number;
  /** The card subscription Stripe must stop renewing after the commit; null for an invoice agreement. */
  subscriptionId: string | null;
  endsAt: Date;
}

/**
 * A paid upgrade gives the plan it replaces notice to the end of its paid period: no refund and
 * no proration, the old plan simply does not renew (docs/billing.md). Runs in the webhook's
 * transaction, once per new subscription. Nothing happens when the old agreement is not the
 * customer's or already ends (notice given or withdrawn in the meantime).
 */
export async function endReplacedAgreement(
  tx: Tx,
  opts: { userId: number; agreementId: number; newPlanId: string; at: Date },
): Promise<ReplacedAgreement | null> {
  // Race: the customer gives notice on the old plan while the payment arrives; the row lock
  // lets one of them set the notice, and the other sees it and leaves the row alone.
  const old = await lockAgreement(tx, opts.agreementId);
  if (!old || old.userId !== opts.userId || old.status === "cancelled" || old.cancelAtPeriodEnd) return null;
  const endsAt = old.periodEnd && old.periodEnd > opts.at ? old.periodEnd : opts.at;
  const endsNow = endsAt <= opts.at;
  await tx.userPaymentOption.update({
    where: { id: old.id },
    data: {
      cancelAtPeriodEnd: true,
      cancellationRequestedAt: opts.at,
      // An invoice agreement never billed has no paid period left to run out.
      ...(endsNow ? { status: "cancelled" as const, cancelledAt: opts.at } : {}),
    },
  });
  await recordActivity(
    {
      actorUserId: opts.userId,
      type: ACTIVITY.agreementReplacedByUpgrade,
      subjectType: "agreement",
      subjectId: old.id,
      result: opts.newPlanId,
      reason: `${planName(old.plan)} → ${planName(opts.newPlanId)}`,
      metadata: { endsAt: endsAt.toISOString() },
    },
    tx,
  );
  return {
    agreementId: old.id,
    subscriptionId: old.provider === "stripe" && !endsNow ? old.stripeSubscriptionId : null,
    endsAt,
  };
}
