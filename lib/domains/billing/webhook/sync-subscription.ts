import { isPlanId, PLANS } from "@/lib/domains/prices/catalog";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { lockAgreement } from "@/lib/domains/billing/agreements/agreement-locks";
import { parseRecordId } from "@/lib/core/input/ids";
import type { Tx } from "@/lib/core/db/client";
import type { AgreementStatus } from "@/lib/generated/prisma/client";
import { endReplacedAgreement } from "@/lib/domains/billing/contracts/end-replaced-agreement";
import type { Subscription } from "./stripe-objects";

// A card booking mirrors its Stripe subscription. Events may arrive in any order and more than
// once: the row keeps the creation time of the event it mirrors and an older event changes
// nothing, so every delivery order ends in the state of the newest event.

const STATUS: Record<string, AgreementStatus> = {
  active: "active",
  trialing: "active",
  past_due: "past_due",
  unpaid: "past_due",
  // The first payment is still open: no quota until it succeeds.
  incomplete: "past_due",
  paused: "on_hold",
  canceled: "cancelled",
  incomplete_expired: "cancelled",
};

const STATUS_RANK: Record<AgreementStatus, number> = { past_due: 0, on_hold: 0, active: 1, cancelled: 2 };

export interface BookingOrder {
  subscriptionId: string;
  customerId: string | null;
  userId: number;
  planId: string;
  companyId: number | null;
  /** An upgrade: the agreement the new plan replaces once paid (checkout/plan-upgrade.ts). */
  replacesAgreementId?: number | null;
}

/** What the webhook does for a booking after its commit: stop renewing replaced card plans at Stripe. */
export interface BookingEffects {
  stopRenewal: { agreementId: number; subscriptionId: string }[];
}

/** The booking behind a subscription, from the order copied onto it at checkout. */
export function bookingOrderOf(metadata: Record<string, string>, subscriptionId: string, customerId: string | null): BookingOrder | null {
  const userId = parseRecordId(metadata.userId);
  const planId = metadata.planId ?? "";
  if (!userId || !isPlanId(planId)) return null;
  return {
    subscriptionId,
    customerId,
    userId,
    planId,
    companyId: parseRecordId(metadata.companyId),
    replacesAgreementId: parseRecordId(metadata.replacesAgreementId),
  };
}

/**
 * Creates the agreement of a booking once (whichever event names it first); returns its id. An
 * upgrade's replaced plan gets its notice here once the booking is paid (`paid`); `effects`
 * collects what Stripe must be told after the commit.
 */
export async function ensureBookingAgreement(
  tx: Tx,
  order: BookingOrder,
  effects?: BookingEffects,
  at = new Date(),
  opts: { paid: boolean } = { paid: true },
): Promise<number> {
  // Serialises the first two events of one subscription: both may try to create the row.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`stripe-subscription:${order.subscriptionId}`}))`;
  const existing = await tx.userPaymentOption.findUnique({ where: { stripeSubscriptionId: order.subscriptionId }, select: { id: true } });
  // Before the new row, so its duplicate check sees the replaced plan ending; again on a later
  // paid event for a row made while its payment was open (a plan under notice stays as it is).
  if (opts.paid) await giveReplacedPlanNotice(tx, order, effects, at);
  if (existing) return existing.id;
  const plan = PLANS[order.planId as keyof typeof PLANS];
  const created = await tx.userPaymentOption.create({
    data: {
      userId: order.userId,
      companyId: order.companyId,
      provider: "stripe",
      plan: plan.id,
      // Active from the first event: Checkout only completes a subscription once it is paid.
      status: "active",
      stripeCustomerId: order.customerId,
      stripeSubscriptionId: order.subscriptionId,
      monthlyReleaseQuota: plan.monthlyReleaseQuota,
      apiAccess: plan.apiAccess,
      priceCents: plan.monthlyNetCents,
    },
    select: { id: true },
  });
  // Two checkouts opened side by side and both paid: the customer pays twice. Both bookings are
  // honoured; the activity entry asks an operator to refund one.
  const others = await tx.userPaymentOption.count({
    where: {
      userId: order.userId,
      provider: "stripe",
      status: { in: ["active", "past_due"] },
      cancelAtPeriodEnd: false,
      id: { not: created.id },
    },
  });
  if (others)
    await recordActivity(
      {
        type: ACTIVITY.bookingDuplicate,
        subjectType: "agreement",
        subjectId: created.id,
        actorUserId: order.userId,
        reason: "a second running card booking: refund one at Stripe",
      },
      tx,
    );
  // Provider invoices that arrived before their subscription join it now.
  await tx.invoice.updateMany({
    where: { stripeSubscriptionId: order.subscriptionId, userPaymentOptionId: null },
    data: { userPaymentOptionId: created.id },
  });
  return created.id;
}

/**
 * An upgrade's replaced plan gets its notice once the new plan is paid, never before: a first
 * payment still open (`incomplete`) may fail, and the customer must keep the old plan then.
 * Idempotent: a plan already under notice is left alone.
 */
async function giveReplacedPlanNotice(tx: Tx, order: BookingOrder, effects: BookingEffects | undefined, at: Date): Promise<void> {
  if (!order.replacesAgreementId) return;
  const replaced = await endReplacedAgreement(tx, {
    userId: order.userId,
    agreementId: order.replacesAgreementId,
    newPlanId: order.planId,
    at,
  });
  if (replaced?.subscriptionId) effects?.stopRenewal.push({ agreementId: replaced.agreementId, subscriptionId: replaced.subscriptionId });
}

/** Applies a subscription event's state unless a newer event was applied already. */
export async function syncSubscription(
  tx: Tx,
  sub: Subscription,
  eventCreated: Date,
  effects?: BookingEffects,
): Promise<{ agreementId: number | null; applied: boolean }> {
  const order = bookingOrderOf(sub.metadata, sub.id, sub.customer);
  const existing = await tx.userPaymentOption.findUnique({ where: { stripeSubscriptionId: sub.id }, select: { id: true } });
  if (!existing && !order) return { agreementId: null, applied: false };
  const status = STATUS[sub.status] ?? "past_due";
  const agreementId = existing?.id ?? (await ensureBookingAgreement(tx, order!, effects, eventCreated, { paid: status === "active" }));
  const current = (await lockAgreement(tx, agreementId))!;
  if (current.stripeStateAt && current.stripeStateAt > eventCreated) return { agreementId, applied: false };
  // Stripe's timestamps are whole seconds (created as `incomplete`, then `active` within one):
  // within one second the state moves only forward, so ended stays ended and paid stays paid.
  if (current.stripeStateAt?.getTime() === eventCreated.getTime() && STATUS_RANK[status] < STATUS_RANK[current.status])
    return { agreementId, applied: false };
  const item = sub.items.data[0];
  await tx.userPaymentOption.update({
    where: { id: agreementId },
    data: {
      status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      periodStart: item?.current_period_start ?? undefined,
      periodEnd: item?.current_period_end ?? undefined,
      cancelledAt: status === "cancelled" ? (sub.canceled_at ?? eventCreated) : null,
      stripeStateAt: eventCreated,
    },
  });
  // Created while its first payment was open: the replaced plan's notice waits for this.
  if (status === "active" && order) await giveReplacedPlanNotice(tx, order, effects, eventCreated);
  return { agreementId, applied: true };
}
