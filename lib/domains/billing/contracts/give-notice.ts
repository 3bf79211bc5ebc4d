import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { lockAgreement } from "@/lib/domains/billing/agreements/agreement-locks";
import { getPaymentProvider } from "@/lib/domains/billing/provider";
import { planName } from "@/lib/domains/prices/catalog";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { contractNoticeMail, type ContractNoticeKind } from "@/lib/domains/mail/templates/contract-notice";
import { withdrawalEndsAt } from "./open-contracts";

// Ending a contract from the billing page: notice (§312k BGB "Verträge hier kündigen") ends it
// with its current period; a consumer's withdrawal (Widerruf) ends it at once. Both are form
// intakes of the activity log (spec 6.1) and confirmed by mail with the moment of receipt.

export interface NoticeOptions {
  userId: number;
  agreementId: number;
  kind: "cancellation" | "withdrawal";
  /** Free text of the form (reason, or the withdrawal statement). */
  statement?: string | null;
  /** Who acts in the customer's session: ending a contract is the customer's own decision, never made by staff acting as the customer. */
  acting?: Acting;
  now?: Date;
}

export interface NoticeReceipt {
  receivedAt: Date;
  endsAt: Date;
  contract: string;
}

export async function giveNotice(opts: NoticeOptions): Promise<NoticeReceipt> {
  assertNotImpersonating(opts.acting, "billing");
  const receivedAt = opts.now ?? new Date();
  const withdrawal = opts.kind === "withdrawal";
  const mailKind: ContractNoticeKind = withdrawal ? "contract_withdrawal" : "contract_cancellation";
  const result = await db.$transaction(async (tx) => {
    // Two clicks on "kündigen" at once: the row lock makes the second see the first's notice.
    const agreement = await lockAgreement(tx, opts.agreementId);
    if (!agreement || agreement.userId !== opts.userId) throw notFound("Diesen Vertrag gibt es nicht.");
    const customer = await tx.user.findUniqueOrThrow({ where: { id: agreement.userId }, select: { email: true, locale: true } });
    if (agreement.status === "cancelled") throw new AppError("conflict", "Dieser Vertrag ist bereits beendet.");
    if (!withdrawal && agreement.cancelAtPeriodEnd) throw new AppError("conflict", "Dieser Vertrag ist bereits gekündigt.");
    if (withdrawal && receivedAt > withdrawalEndsAt(agreement.createdAt))
      throw new AppError(
        "conflict",
        "Die Widerrufsfrist von 14 Tagen ist abgelaufen; der Vertrag kann zum Ende des Abrechnungszeitraums gekündigt werden.",
      );
    const endsAt = withdrawal ? receivedAt : agreement.periodEnd && agreement.periodEnd > receivedAt ? agreement.periodEnd : receivedAt;
    await tx.userPaymentOption.update({
      where: { id: agreement.id },
      data: withdrawal
        ? { status: "cancelled", cancelledAt: receivedAt, cancellationRequestedAt: receivedAt, cancelAtPeriodEnd: false }
        : {
            cancelAtPeriodEnd: true,
            cancellationRequestedAt: receivedAt,
            ...(endsAt <= receivedAt ? { status: "cancelled" as const, cancelledAt: receivedAt } : {}),
          },
    });
    const contract = `Paket ${planName(agreement.plan)}`;
    await recordActivity(
      {
        actorUserId: opts.userId,
        type: ACTIVITY.formIntake,
        subjectType: "agreement",
        subjectId: agreement.id,
        path: opts.kind,
        result: withdrawal ? "withdrawn" : "notice given",
        reason: opts.statement?.slice(0, 1000) || undefined,
        metadata: { receivedAt: receivedAt.toISOString(), endsAt: endsAt.toISOString() },
      },
      tx,
    );
    const mail = await contractNoticeMail({
      language: recipientLanguage({ userLocale: customer.locale }),
      kind: mailKind,
      contract,
      receivedAt,
      endsAt,
    });
    await sendMail({ to: customer.email, ...mail, mailType: mailKind }, tx);
    return { receivedAt, endsAt, contract, subscriptionId: agreement.provider === "stripe" ? agreement.stripeSubscriptionId : null };
  });
  // The provider learns of it after our commit; its event then confirms the state we already hold.
  // The notice counts from receipt whatever the provider answers; a failure is left for an operator, loudly.
  if (result.subscriptionId) {
    const provider = getPaymentProvider();
    const subscriptionId = result.subscriptionId;
    await (withdrawal ? provider.cancelSubscriptionNow(subscriptionId) : provider.cancelSubscriptionAtPeriodEnd(subscriptionId)).catch(
      async (err) => {
        console.error(`notice for agreement ${opts.agreementId}: the provider did not take it`, err);
        await recordActivity({
          type: ACTIVITY.agreementProviderCancelFailed,
          subjectType: "agreement",
          subjectId: opts.agreementId,
          result: opts.kind,
          reason: err instanceof Error ? err.message.slice(0, 500) : "unknown",
        });
      },
    );
  }
  return { receivedAt: result.receivedAt, endsAt: result.endsAt, contract: result.contract };
}
