import { getPaymentProvider } from "@/lib/domains/billing/provider";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";

/**
 * After the commit of a paid upgrade: Stripe stops renewing the replaced card plan, as after a
 * notice. Our notice stands whatever Stripe answers (its later events mirror it); a refusal is
 * left to an operator with the same activity entry a failed notice writes.
 */
export async function stopReplacedRenewals(replaced: { agreementId: number; subscriptionId: string }[]): Promise<void> {
  for (const { agreementId, subscriptionId } of replaced) {
    await getPaymentProvider()
      .cancelSubscriptionAtPeriodEnd(subscriptionId)
      .catch(async (err) => {
        console.error(`upgrade: the provider did not stop the renewal of agreement ${agreementId}`, err);
        await recordActivity({
          type: ACTIVITY.agreementProviderCancelFailed,
          subjectType: "agreement",
          subjectId: agreementId,
          result: "upgrade",
          reason: err instanceof Error ? err.message.slice(0, 500) : "unknown",
        });
      });
  }
}
