import { recordActivity } from "@/lib/activity/record-activity";
import { ACTIVITY } from "@/lib/activity/types";
import { errorSummary } from "@/lib/billing/agreements/error-summary";
import { getPaymentProvider } from "@/lib/billing/provider";

/** Ends one subscription at the payment provider at once. */
export type SubscriptionCanceller = (subscriptionId: string) => Promise<void>;

export const cancelAtProvider: SubscriptionCanceller = (subscriptionId) => getPaymentProvider().cancelSubscriptionNow(subscriptionId);

export interface ProviderSubscription {
  agreementId: number;
  subscriptionId: string;
}

export interface ProviderEndings {
  ended: string[];
  failed: { subscriptionId: string; error: string }[];
}

/**
 * Ends card subscriptions whose agreement was cancelled here, after that cancellation committed
 * (an external call never runs inside a transaction). A failure does not undo the cancellation:
 * it is returned and logged as activity, so the operator ends the subscription by hand.
 */
export async function endProviderSubscriptions(subscriptions: ProviderSubscription[], cancel: SubscriptionCanceller = cancelAtProvider): Promise<ProviderEndings> {
  const out: ProviderEndings = { ended: [], failed: [] };
  for (const { agreementId, subscriptionId } of subscriptions) {
    try {
      await cancel(subscriptionId);
      out.ended.push(subscriptionId);
    } catch (err) {
      const error = errorSummary(err);
      out.failed.push({ subscriptionId, error });
      await recordActivity({ type: ACTIVITY.agreementProviderCancelFailed, subjectType: "agreement", subjectId: agreementId, result: "failed", reason: error, metadata: { subscriptionId } });
    }
  }
  return out;
}
