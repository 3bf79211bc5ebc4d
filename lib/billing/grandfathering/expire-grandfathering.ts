import { recordActivity } from "@/lib/activity/record-activity";
import { ACTIVITY } from "@/lib/activity/types";
import { db } from "@/lib/db/client";
import { JOB } from "@/lib/jobs/names";
import { defineJob } from "@/lib/jobs/types";
import { notifyGrandfatheringExpired } from "@/lib/mail/notifications/notify-grandfathering-expired";
import { lockCustomerAgreements } from "@/lib/billing/agreements/agreement-locks";
import { errorSummary } from "@/lib/billing/agreements/error-summary";
import { endProviderSubscriptions, type ProviderSubscription, type SubscriptionCanceller } from "./end-provider-subscriptions";
import { isGrandfatheringOver, providerSubscriptionsOf } from "./grandfathering-rules";

export interface ExpireGrandfatheringOptions {
  now?: Date;
  /** Customers read per page; the due stock is never loaded at once. */
  pageSize?: number;
  /** Ends a card subscription at the provider (default: the configured payment provider). */
  cancelSubscription?: SubscriptionCanceller;
}

export interface ExpireGrandfatheringResult {
  /** Customers with at least one agreement ended in this run. */
  customers: number;
  /** Agreements ended. */
  expired: number;
  /** GrandfatheringExpired mails queued (at most one per customer, ever). */
  mails: number;
  /** Customers whose transaction failed; the others went on. */
  failed: number;
  failures: { userId: number; error: string }[];
  /** Card subscriptions ended at the provider after the commit, and those that could not be. */
  subscriptionsEnded: string[];
  subscriptionsFailed: { subscriptionId: string; error: string }[];
}

/** Customers with an agreement that qualifies, after `afterUserId`, in user id order. */
async function dueCustomers(now: Date, afterUserId: number, pageSize: number): Promise<number[]> {
  const rows = await db.$queryRaw<{ user_id: number }[]>`
    SELECT DISTINCT user_id FROM user_payment_options
    WHERE status = 'active' AND grandfathered_until IS NOT NULL AND grandfathering_expired_at IS NULL
      AND (COALESCE(period_end, ${now}::timestamptz) > grandfathered_until OR ${now}::timestamptz > grandfathered_until)
      AND user_id > ${afterUserId}
    ORDER BY user_id
    LIMIT ${pageSize}`;
  return rows.map((r) => r.user_id);
}

/** One customer in one transaction: every qualifying agreement ends, one mail for the customer. */
async function expireCustomer(userId: number, now: Date): Promise<{ expired: number; mails: number; subscriptions: ProviderSubscription[] }> {
  return db.$transaction(async (tx) => {
    // Race: a second run, the invoice run or an admin action on the same customer. Their rows
    // are locked and re-read, so each agreement ends once and the mail check sees the truth.
    const agreements = await lockCustomerAgreements(tx, userId);
    const ending = agreements.filter((a) => isGrandfatheringOver(a, now));
    if (!ending.length) return { expired: 0, mails: 0, subscriptions: [] };
    for (const a of ending) {
      const { count } = await tx.userPaymentOption.updateMany({
        where: { id: a.id, status: "active", grandfatheringExpiredAt: null },
        data: { status: "cancelled", cancelledAt: now, grandfatheringExpiredAt: now },
      });
      if (count !== 1) throw new Error(`Agreement ${a.id} changed under its lock.`);
      await recordActivity({
        type: ACTIVITY.agreementGrandfatheringExpired, subjectType: "agreement", subjectId: a.id, result: "cancelled",
        metadata: { userId, provider: a.provider, plan: a.plan, grandfatheredUntil: a.grandfatheredUntil!.toISOString(), periodEnd: a.periodEnd?.toISOString() ?? null },
      }, tx);
    }
    // Once per customer, ever: any agreement already notified means the customer was told.
    let mails = 0;
    if (!agreements.some((a) => a.grandfatheringNotifiedAt)) {
      const mail = await notifyGrandfatheringExpired({ paymentOptionId: ending[0]!.id }, tx);
      if (mail) {
        await tx.userPaymentOption.updateMany({ where: { id: { in: ending.map((a) => a.id) } }, data: { grandfatheringNotifiedAt: now } });
        mails = 1;
      }
    }
    return { expired: ending.length, mails, subscriptions: providerSubscriptionsOf(ending) };
  });
}

/**
 * billing:expire-grandfathering (spec 3.1, 4.7; daily 04:15, before the invoice run): ends every
 * active agreement whose grandfathered terms run out before its next period. A customer's
 * failure is counted and the run goes on; a second run finds nothing left to do.
 */
export async function expireGrandfathering(opts: ExpireGrandfatheringOptions = {}): Promise<ExpireGrandfatheringResult> {
  const now = opts.now ?? new Date();
  const pageSize = opts.pageSize ?? 100;
  const result: ExpireGrandfatheringResult = { customers: 0, expired: 0, mails: 0, failed: 0, failures: [], subscriptionsEnded: [], subscriptionsFailed: [] };
  const subscriptions: ProviderSubscription[] = [];
  let cursor = 0;
  for (;;) {
    const page = await dueCustomers(now, cursor, pageSize);
    for (const userId of page) {
      try {
        const done = await expireCustomer(userId, now);
        if (done.expired) result.customers += 1;
        result.expired += done.expired;
        result.mails += done.mails;
        subscriptions.push(...done.subscriptions);
      } catch (err) {
        result.failed += 1;
        console.error(`expire grandfathering: customer ${userId} failed:`, err);
        result.failures.push({ userId, error: errorSummary(err) });
      }
    }
    if (page.length < pageSize) break;
    cursor = page[page.length - 1]!;
  }
  const endings = await endProviderSubscriptions(subscriptions, opts.cancelSubscription);
  result.subscriptionsEnded = endings.ended;
  result.subscriptionsFailed = endings.failed;
  return result;
}

export const expireGrandfatheringJob = defineJob({
  name: JOB.expireGrandfathering,
  retries: 2,
  timeoutSeconds: 600,
  // A retry repeats only the failed customers: ended agreements no longer qualify. A subscription
  // the provider refused to end is not retried here (its agreement already ended): it stands in
  // the activity log for the operator.
  handler: async (_payload, { step }) =>
    step.run("expire", async () => {
      const r = await expireGrandfathering();
      if (r.failed) throw new Error(`Grandfathering expiry failed for ${r.failed} customers: ${r.failures.map((f) => `${f.userId} (${f.error})`).join("; ")}`);
      return r;
    }),
});
