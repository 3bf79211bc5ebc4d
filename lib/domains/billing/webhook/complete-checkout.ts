import { isCreditPackId, CREDIT_PACKS, isBoostTier } from "@/lib/domains/prices/catalog";
import { bookBoost } from "@/lib/domains/billing/boosts/book-boost";
import { creditCompany } from "@/lib/domains/billing/credits/credit-ledger";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import type { Tx } from "@/lib/core/db/client";
import { inSavepoint } from "@/lib/core/db/savepoint";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { applyPaid } from "@/lib/domains/paid-changes/apply-paid-change";
import type { CheckoutSession } from "./stripe-objects";
import { bookingOrderOf, ensureBookingAgreement, type BookingEffects } from "./sync-subscription";

// What a paid checkout buys, read back from the order the checkout carried (its metadata).
// Every effect is idempotent on its own (credit references, the agreement per subscription,
// the change's status) besides the event-id deduplication around it.

export interface CheckoutOutcome {
  purpose: string;
  result: string;
  /** The newsroom that paid, for the stage-5 conversion event. */
  companyId: number | null;
}

export async function completeCheckout(tx: Tx, session: CheckoutSession, paidAt: Date, effects?: BookingEffects): Promise<CheckoutOutcome> {
  const m = session.metadata;
  const userId = parseRecordId(m.userId);
  const companyId = parseRecordId(m.companyId);
  const purpose = m.purpose ?? "unknown";
  if (!userId) return { purpose, result: "ignored: no order", companyId: null };
  switch (purpose) {
    case "booking": {
      const order = session.subscription ? bookingOrderOf(m, session.subscription, session.customer) : null;
      if (!order) return { purpose, result: "ignored: no subscription", companyId };
      const agreementId = await ensureBookingAgreement(tx, order, effects, paidAt);
      await recordActivity(
        {
          actorUserId: userId,
          type: ACTIVITY.bookingStarted,
          subjectType: "agreement",
          subjectId: agreementId,
          result: order.planId,
          path: "card",
        },
        tx,
      );
      return { purpose, result: "booked", companyId };
    }
    case "credits": {
      const packId = m.packId ?? "";
      if (!companyId || !isCreditPackId(packId)) return { purpose, result: "ignored: no pack", companyId };
      const { credited } = await creditCompany(tx, {
        companyId,
        credits: CREDIT_PACKS[packId].credits,
        reference: `checkout:${session.id}`,
        reason: `top_up:${packId}`,
        actorUserId: userId,
      });
      return { purpose, result: credited ? "credited" : "already credited", companyId };
    }
    case "boost": {
      const credits = parseRecordId(m.credits);
      const releaseId = parseRecordId(m.releaseId);
      const tier = Number(m.tier);
      const placement = m.placement === "category" ? "category" : "home";
      if (!companyId || !credits || !releaseId || !isBoostTier(tier)) return { purpose, result: "ignored: no boost order", companyId };
      // The credits are the customer's once paid, whatever happens to the booking after them.
      const { credited } = await creditCompany(tx, {
        companyId,
        credits,
        reference: `checkout:${session.id}`,
        reason: "top_up:boost",
        actorUserId: userId,
      });
      if (!credited) return { purpose, result: "already credited", companyId };
      try {
        // Under a savepoint: a refusal inside it leaves the webhook's transaction usable.
        await inSavepoint(tx, "boost_after_payment", () => bookBoost({ userId, releaseId, placement, tier, now: paidAt }, tx));
        return { purpose, result: "boost booked", companyId };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // Sold out (or the release went away) between checkout and payment: the credits stay on the account.
        await recordActivity(
          {
            actorUserId: userId,
            type: ACTIVITY.boostNotBookedAfterPayment,
            subjectType: "press_release",
            subjectId: releaseId,
            result: err.code,
            reason: err.message,
          },
          tx,
        );
        return { purpose, result: `credits kept: ${err.code}`, companyId };
      }
    }
    case "change": {
      const changeId = parseRecordId(m.changeId);
      if (!changeId) return { purpose, result: "ignored: no change", companyId };
      const { outcome } = await applyPaid(tx, { changeId, checkoutSessionId: session.id, paidAt });
      return { purpose, result: outcome, companyId };
    }
    default:
      return { purpose, result: "ignored: unknown purpose", companyId };
  }
}
