import { assertCan } from "@/lib/domains/accounts/permissions";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { lockAgreement } from "@/lib/domains/billing/agreements/agreement-locks";
import { voidInvoice } from "@/lib/domains/billing/invoices/void-invoice";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { adminReason } from "@/lib/core/input/admin-reason";
import { notifyGrandfatheringExpired } from "@/lib/domains/mail/notifications/notify-grandfathering-expired";
import { endProviderSubscriptions, type ProviderCall, type ProviderEndings } from "./end-provider-subscriptions";
import { providerSubscriptionsOf } from "./grandfathering-rules";

export interface EndGrandfatheringOptions {
  paymentOptionId: number;
  actorUserId: number;
  /** Send the customer the GrandfatheringExpired mail. */
  notifyCustomer: boolean;
  /** Why; stored on the activity entry and as the void reason of the voided invoices. */
  reason: string;
  now?: Date;
  cancelSubscription?: ProviderCall;
}

export interface EndGrandfatheringResult {
  voidedInvoices: { id: number; number: string }[];
  mailed: boolean;
  subscriptions: ProviderEndings;
}

/**
 * "End grandfathering" of /admin/payments (spec 3.1, last row): the agreement (bundle) is
 * cancelled now, every open MAN invoice of the customer is voided (never deleted), and the
 * customer gets the GrandfatheringExpired mail if the admin asks for it. A card agreement's
 * subscription ends at the provider after the commit.
 */
export async function endGrandfathering(opts: EndGrandfatheringOptions): Promise<EndGrandfatheringResult> {
  const reason = adminReason(opts.reason);
  const now = opts.now ?? new Date();
  const done = await db.$transaction(
    async (tx) => {
      await assertCan(opts.actorUserId, "billing:manage", tx);
      // Race: the expire run, the invoice run or a second admin on the same agreement. Locked
      // first (agreement, then its invoices: the common lock order) and re-read; the loser is refused.
      const a = await lockAgreement(tx, opts.paymentOptionId);
      if (!a) throw notFound("No such agreement.");
      if (a.status === "cancelled") throw new AppError("conflict", "This agreement has already ended.");
      // The terms end today: the mail and the record then name the day they really ended.
      const grandfatheredUntil = a.grandfatheredUntil && a.grandfatheredUntil < now ? a.grandfatheredUntil : now;
      const ended = await tx.userPaymentOption.updateMany({
        where: { id: a.id, status: a.status },
        data: { status: "cancelled", cancelledAt: now, grandfatheredUntil, grandfatheringExpiredAt: a.grandfatheringExpiredAt ?? now },
      });
      if (ended.count !== 1) throw new Error(`Agreement ${a.id} changed under its lock.`);

      const open = await tx.invoice.findMany({
        where: { userId: a.userId, kind: "manual", status: "open" },
        select: { id: true, number: true },
        orderBy: { id: "asc" },
      });
      const voidedInvoices: { id: number; number: string }[] = [];
      for (const invoice of open) {
        if ((await voidInvoice({ invoiceId: invoice.id, reason, actorUserId: opts.actorUserId, now }, tx)).voided)
          voidedInvoices.push(invoice);
      }

      let mailed = false;
      if (opts.notifyCustomer && (await notifyGrandfatheringExpired({ paymentOptionId: a.id }, tx))) {
        // The expire run mails a customer once: this mail counts as that one.
        await tx.userPaymentOption.update({ where: { id: a.id }, data: { grandfatheringNotifiedAt: now } });
        mailed = true;
      }
      await recordActivity(
        {
          actorUserId: opts.actorUserId,
          type: ACTIVITY.agreementGrandfatheringEnded,
          subjectType: "agreement",
          subjectId: a.id,
          result: "cancelled",
          reason,
          metadata: {
            userId: a.userId,
            previousGrandfatheredUntil: a.grandfatheredUntil?.toISOString() ?? null,
            voidedInvoices: voidedInvoices.map((i) => i.number),
            mailed,
          },
        },
        tx,
      );
      return { voidedInvoices, mailed, subscriptions: providerSubscriptionsOf([a]) };
    },
    { timeout: 30_000 },
  );
  const subscriptions = await endProviderSubscriptions(done.subscriptions, opts.cancelSubscription);
  return { voidedInvoices: done.voidedInvoices, mailed: done.mailed, subscriptions };
}
