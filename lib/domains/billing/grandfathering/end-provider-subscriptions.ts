import { recordActivity, type ActivityEntry } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { errorSummary } from "@/lib/core/errors/error-summary";
import { getPaymentProvider } from "@/lib/domains/billing/provider";
import { db } from "@/lib/core/db/client";

/** One call to the payment provider about one subscription: end it now, or let it end with its period. */
export type ProviderCall = (subscriptionId: string) => Promise<void>;

export const cancelAtProvider: ProviderCall = (subscriptionId) => getPaymentProvider().cancelSubscriptionNow(subscriptionId);

/** Lets one subscription end with its current (paid) period: the provider does not renew it. */
export const scheduleEndAtProvider: ProviderCall = (subscriptionId) => getPaymentProvider().cancelSubscriptionAtPeriodEnd(subscriptionId);

export interface ProviderSubscription {
  agreementId: number;
  subscriptionId: string;
}

export interface ProviderEndings {
  ended: string[];
  failed: { subscriptionId: string; error: string }[];
}

/**
 * Makes `call` for each subscription in turn. A failure is returned and logged on its agreement
 * as the activity entry `failure` describes, and the others go on; after a success, `done` runs
 * for the agreement.
 */
async function callEach(
  subscriptions: ProviderSubscription[],
  call: ProviderCall,
  failure: (error: string, subscriptionId: string) => Pick<ActivityEntry, "type" | "reason" | "metadata">,
  done?: (agreementId: number) => Promise<unknown>,
): Promise<ProviderEndings> {
  const out: ProviderEndings = { ended: [], failed: [] };
  for (const { agreementId, subscriptionId } of subscriptions) {
    try {
      await call(subscriptionId);
    } catch (err) {
      const error = errorSummary(err);
      out.failed.push({ subscriptionId, error });
      await recordActivity({ ...failure(error, subscriptionId), subjectType: "agreement", subjectId: agreementId, result: "failed" });
      continue;
    }
    out.ended.push(subscriptionId);
    await done?.(agreementId);
  }
  return out;
}

/**
 * Ends card subscriptions whose agreement was cancelled here, after that cancellation committed
 * (an external call never runs inside a transaction). A failure does not undo the cancellation:
 * it is returned and logged as activity (`agreement.provider_cancel_failed`); nothing retries
 * it, since the agreement has ended here, so an operator ends the subscription at the provider by hand.
 */
export function endProviderSubscriptions(
  subscriptions: ProviderSubscription[],
  cancel: ProviderCall = cancelAtProvider,
): Promise<ProviderEndings> {
  return callEach(subscriptions, cancel, (error, subscriptionId) => ({
    type: ACTIVITY.agreementProviderCancelFailed,
    reason: error,
    metadata: { subscriptionId },
  }));
}

/** The activity text of a renewal the provider was not told to stop. */
export const RENEWAL_NOT_STOPPED = "Verlängerung nicht abbestellt; der nächste Lauf versucht es erneut";

/**
 * Tells the provider not to renew card subscriptions in their last grandfathered period, and
 * records on each agreement that this run asked (grandfathering_end_scheduled_at): its end then
 * counts as the grandfathering's (one GrandfatheringExpired mail), unlike a notice the customer
 * gives. A failure changes nothing here; it is logged (`agreement.provider_renewal_not_stopped`)
 * and the next run asks again, since the subscription still renews.
 */
export function stopRenewals(
  subscriptions: ProviderSubscription[],
  now: Date,
  schedule: ProviderCall = scheduleEndAtProvider,
): Promise<ProviderEndings> {
  return callEach(
    subscriptions,
    schedule,
    (error, subscriptionId) => ({
      type: ACTIVITY.agreementProviderRenewalNotStopped,
      reason: RENEWAL_NOT_STOPPED,
      metadata: { subscriptionId, error },
    }),
    (agreementId) =>
      db.userPaymentOption.updateMany({
        where: { id: agreementId, grandfatheringEndScheduledAt: null },
        data: { grandfatheringEndScheduledAt: now },
      }),
  );
}
