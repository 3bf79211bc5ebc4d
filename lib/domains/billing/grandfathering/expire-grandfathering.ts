import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import type { UserPaymentOption } from "@/lib/generated/prisma/client";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { notifyGrandfatheringExpired } from "@/lib/domains/mail/notifications/notify-grandfathering-expired";
import { lockCustomerAgreements } from "@/lib/domains/billing/agreements/agreement-locks";
import { errorSummary } from "@/lib/core/errors/error-summary";
import { endProviderSubscriptions, stopRenewals, type ProviderCall, type ProviderSubscription } from "./end-provider-subscriptions";
import {
  grandfatheringStageSql,
  isEndedAtProvider,
  isEndedByNotice,
  isGrandfatheringOver,
  providerSubscriptionsOf,
} from "./grandfathering-rules";

export interface ExpireGrandfatheringOptions {
  now?: Date;
  /** Customers read per page; the due stock is never loaded at once. */
  pageSize?: number;
  /** Ends a card subscription at the provider (default: the configured payment provider). */
  cancelSubscription?: ProviderCall;
  /** Tells the provider not to renew a card subscription in its last period (default: the configured provider). */
  cancelSubscriptionAtPeriodEnd?: ProviderCall;
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
  /** Card subscriptions ended at the provider after the commit, and those that could not be (ended here: an operator ends them there by hand). */
  subscriptionsEnded: string[];
  subscriptionsFailed: { subscriptionId: string; error: string }[];
  /** Card subscriptions in their last paid period, told not to renew: they end with that period. */
  subscriptionsEndingAtPeriodEnd: string[];
  /** Card subscriptions the provider could not be told not to renew: they still run, and the next run asks again. */
  renewalsNotStopped: { subscriptionId: string; error: string }[];
}

/**
 * Customers with an agreement whose first period after its end date has begun (grandfatheringStage
 * "over"), after `afterUserId`, in user id order. Never one in the middle of a paid period.
 */
async function dueCustomers(now: Date, afterUserId: number, pageSize: number): Promise<number[]> {
  const rows = await db.$queryRaw<{ user_id: number }[]>`
    SELECT DISTINCT user_id FROM user_payment_options
    WHERE grandfathered_until IS NOT NULL AND grandfathering_expired_at IS NULL
      AND ${grandfatheringStageSql(now)} = 'over'
      AND user_id > ${afterUserId}
    ORDER BY user_id
    LIMIT ${pageSize}`;
  return rows.map((r) => r.user_id);
}

/** Card subscriptions in their last paid period (grandfatheringStage "last_period") the provider still renews. */
async function lastPeriodCards(now: Date, pageSize: number): Promise<ProviderSubscription[]> {
  const out: ProviderSubscription[] = [];
  let cursor = 0;
  for (;;) {
    const page = await db.$queryRaw<{ id: number; subscription_id: string }[]>`
      SELECT id, stripe_subscription_id AS subscription_id FROM user_payment_options
      WHERE provider = 'stripe' AND status = 'active' AND NOT cancel_at_period_end AND stripe_subscription_id IS NOT NULL
        AND grandfathered_until IS NOT NULL AND grandfathering_expired_at IS NULL
        AND ${grandfatheringStageSql(now)} = 'last_period' AND id > ${cursor}
      ORDER BY id LIMIT ${pageSize}`;
    out.push(...page.map((a) => ({ agreementId: a.id, subscriptionId: a.subscription_id })));
    if (page.length < pageSize) return out;
    cursor = page[page.length - 1]!.id;
  }
}

/** How an agreement whose terms are over ends: cancelled here, or already ended at the provider. */
function endingOf(
  a: UserPaymentOption,
  now: Date,
): { data: Partial<UserPaymentOption>; result: "cancelled" | "ended_at_provider"; cancelAtProvider: boolean } {
  // The provider ended it with its period (its deletion event may still be on the way): the
  // agreement ends as of that moment, and nothing is cancelled at the provider again.
  if (a.status === "active" && isEndedAtProvider(a, now))
    return {
      data: { status: "cancelled", cancelledAt: a.periodEnd, grandfatheringExpiredAt: now },
      result: "ended_at_provider",
      cancelAtProvider: false,
    };
  if (a.status !== "active") return { data: { grandfatheringExpiredAt: now }, result: "ended_at_provider", cancelAtProvider: false };
  return { data: { status: "cancelled", cancelledAt: now, grandfatheringExpiredAt: now }, result: "cancelled", cancelAtProvider: true };
}

/** One customer in one transaction: every qualifying agreement ends, one mail for the customer. */
async function expireCustomer(
  userId: number,
  now: Date,
): Promise<{ expired: number; mails: number; subscriptions: ProviderSubscription[] }> {
  return db.$transaction(async (tx) => {
    // Race: a second run, the invoice run or an admin action on the same customer. Their rows
    // are locked and re-read, so each agreement ends once and the mail check sees the truth.
    const agreements = await lockCustomerAgreements(tx, userId);
    const ending = agreements.filter((a) => isGrandfatheringOver(a, now));
    if (!ending.length) return { expired: 0, mails: 0, subscriptions: [] };
    const cancelAtProvider: UserPaymentOption[] = [];
    for (const a of ending) {
      const end = endingOf(a, now);
      const { count } = await tx.userPaymentOption.updateMany({
        where: { id: a.id, status: a.status, grandfatheringExpiredAt: null },
        data: end.data,
      });
      if (count !== 1) throw new Error(`Agreement ${a.id} changed under its lock.`);
      if (end.cancelAtProvider) cancelAtProvider.push(a);
      await recordActivity(
        {
          type: ACTIVITY.agreementGrandfatheringExpired,
          subjectType: "agreement",
          subjectId: a.id,
          result: end.result,
          metadata: {
            userId,
            provider: a.provider,
            plan: a.plan,
            grandfatheredUntil: a.grandfatheredUntil!.toISOString(),
            periodEnd: a.periodEnd?.toISOString() ?? null,
            endedByNotice: isEndedByNotice(a),
          },
        },
        tx,
      );
    }
    // Once per customer, ever: any agreement already notified means the customer was told. A
    // customer whose agreements all ended by their own notice was told by the notice's receipt.
    let mails = 0;
    if (!agreements.some((a) => a.grandfatheringNotifiedAt) && ending.some((a) => !isEndedByNotice(a))) {
      const mail = await notifyGrandfatheringExpired({ paymentOptionId: ending[0]!.id }, tx);
      if (mail) {
        await tx.userPaymentOption.updateMany({ where: { id: { in: ending.map((a) => a.id) } }, data: { grandfatheringNotifiedAt: now } });
        mails = 1;
      }
    }
    return { expired: ending.length, mails, subscriptions: providerSubscriptionsOf(cancelAtProvider) };
  });
}

/**
 * billing:expire-grandfathering (spec 3.1, 4.7; daily 04:15, before the invoice run): ends every
 * active agreement whose first period after its grandfathered end date has begun (by the
 * calendar, invoiced or not: a held agreement ends on time too), at that boundary and never
 * earlier: a period already invoiced or paid runs to its end. Card subscriptions in that last
 * period are told not to renew, so the provider ends them with it. A customer's failure is
 * counted and the run goes on; a second run finds nothing left to do.
 */
export async function expireGrandfathering(opts: ExpireGrandfatheringOptions = {}): Promise<ExpireGrandfatheringResult> {
  const now = opts.now ?? new Date();
  const pageSize = opts.pageSize ?? 100;
  const result: ExpireGrandfatheringResult = {
    customers: 0,
    expired: 0,
    mails: 0,
    failed: 0,
    failures: [],
    subscriptionsEnded: [],
    subscriptionsFailed: [],
    subscriptionsEndingAtPeriodEnd: [],
    renewalsNotStopped: [],
  };
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
  // Not renewed, not ended: quota and subscription stay until the paid period is over. Until the
  // provider's answer (cancel_at_period_end, mirrored by the webhook) arrives, each run asks again.
  const scheduled = await stopRenewals(await lastPeriodCards(now, pageSize), now, opts.cancelSubscriptionAtPeriodEnd);
  result.subscriptionsEnded = endings.ended;
  result.subscriptionsFailed = endings.failed;
  result.subscriptionsEndingAtPeriodEnd = scheduled.ended;
  result.renewalsNotStopped = scheduled.failed;
  return result;
}

export const expireGrandfatheringJob = defineJob({
  name: JOB.expireGrandfathering,
  retries: 2,
  timeoutSeconds: 600,
  // A retry repeats only the failed customers: ended agreements no longer qualify. A subscription
  // the provider refused to end is not retried here (its agreement already ended): it stands in
  // the activity log for the operator. One the provider was not told to stop renewing is asked
  // again by the next run.
  handler: async (_payload, { step }) =>
    step.run("expire", async () => {
      const r = await expireGrandfathering();
      if (r.failed)
        throw new Error(
          `Grandfathering expiry failed for ${r.failed} customers: ${r.failures.map((f) => `${f.userId} (${f.error})`).join("; ")}`,
        );
      return r;
    }),
});
