import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { planName } from "@/lib/domains/prices/catalog";
import { createManualInvoice } from "@/lib/domains/billing/invoices/create-manual-invoice";
import { sendManualInvoice } from "@/lib/domains/billing/invoices/send-manual-invoice";
import type { Tx } from "@/lib/core/db/client";
import type { UserPaymentOption } from "@/lib/generated/prisma/client";
import { isGrandfatheringOver } from "@/lib/domains/billing/grandfathering/grandfathering-rules";
import { lockAgreement } from "./agreement-locks";
import { addBerlinMonths, berlinMonthLabel } from "./billing-period";

export type InvoiceSkipReason =
  "not_found" | "not_manual" | "not_active" | "on_hold" | "not_due" | "grandfathering_over" | "ended_by_notice";

export type InvoiceStepOutcome =
  | { kind: "invoiced"; agreementId: number; userId: number; invoiceId: number; number: string; periodStart: Date; periodEnd: Date }
  | { kind: "skipped"; agreementId: number; reason: InvoiceSkipReason };

type Billable = Pick<UserPaymentOption, "periodStart" | "periodEnd">;

/** Due for its next invoice: its period has ended, or it was never billed (no period start). */
export function isDue(agreement: Billable, now: Date): boolean {
  return agreement.periodStart === null || (agreement.periodEnd !== null && agreement.periodEnd <= now);
}

/** The next period: one calendar month from the end of the current one (from now when there is none). */
export function nextPeriodOf(agreement: Billable, now: Date): { periodStart: Date; periodEnd: Date } {
  const periodStart = agreement.periodEnd ?? now;
  return { periodStart, periodEnd: addBerlinMonths(periodStart, 1) };
}

/** "Paket Business – März 2026": the catalog's name for a known plan, else the stored plan. */
export function packageLine(agreement: Pick<UserPaymentOption, "plan">, periodStart: Date): string {
  // A stored legacy plan name is shortened to fit an invoice line.
  const name = planName(agreement.plan).slice(0, 200);
  return `Paket ${name} – ${berlinMonthLabel(periodStart)}`;
}

/** Why an agreement read under its lock gets no invoice now; null when it does. */
export function invoiceRefusal(a: UserPaymentOption, now: Date, opts: { ignoreHold?: boolean } = {}): InvoiceSkipReason | null {
  if (a.provider !== "manual") return "not_manual";
  if (a.status !== "active") return "not_active";
  if (a.billingHoldAt && !opts.ignoreHold) return "on_hold";
  if (!isDue(a, now)) return "not_due";
  // Its terms end before the new period: the expire run (04:15, before this one) ends it.
  if (isGrandfatheringOver(a, now)) return "grandfathering_over";
  return null;
}

/**
 * The invoice run's step for one manual agreement, in the caller's transaction: lock, re-check,
 * create the MAN invoice for the next month at the agreement's net price, advance the period,
 * send the invoice. Mails are queued in the transaction, so nothing goes out unless the
 * invoice and the advanced period commit together.
 */
export async function invoiceAgreementPeriod(
  tx: Tx,
  opts: { paymentOptionId: number; now: Date; actorUserId?: number | null },
): Promise<InvoiceStepOutcome> {
  const agreementId = opts.paymentOptionId;
  // Race: two runs (or a run and "bill now") on the same agreement. The loser waits here and
  // finds the period already advanced, so a period is never invoiced twice.
  const a = await lockAgreement(tx, agreementId);
  if (!a) return { kind: "skipped", agreementId, reason: "not_found" };
  const refusal = invoiceRefusal(a, opts.now);
  if (refusal) return { kind: "skipped", agreementId, reason: refusal };
  // The customer gave notice (§312k BGB): the agreement ends with the period just over, no new invoice.
  if (a.cancelAtPeriodEnd) {
    await tx.userPaymentOption.update({ where: { id: a.id }, data: { status: "cancelled", cancelledAt: opts.now } });
    await recordActivity(
      { actorUserId: opts.actorUserId ?? null, type: ACTIVITY.agreementEndedByNotice, subjectType: "agreement", subjectId: a.id },
      tx,
    );
    return { kind: "skipped", agreementId, reason: "ended_by_notice" };
  }

  const { periodStart, periodEnd } = nextPeriodOf(a, opts.now);
  const lines = [{ description: packageLine(a, periodStart), quantity: 1, unitNetCents: a.priceCents }];
  const invoice = await createManualInvoice(
    { userId: a.userId, paymentOptionId: a.id, lines, periodStart, periodEnd, actorUserId: opts.actorUserId ?? null, now: opts.now },
    tx,
  );
  const advanced = await tx.userPaymentOption.updateMany({
    where: { id: a.id, periodStart: a.periodStart, periodEnd: a.periodEnd },
    data: { periodStart, periodEnd },
  });
  if (advanced.count !== 1) throw new Error(`Agreement ${a.id} changed under its lock.`);
  // Delivered as the customer's settings say (deliverInvoice, kind invoice), sent_at recorded.
  await sendManualInvoice({ invoiceId: invoice.id, actorUserId: opts.actorUserId ?? null, now: opts.now }, tx);
  await recordActivity(
    {
      actorUserId: opts.actorUserId ?? null,
      type: ACTIVITY.agreementPeriodInvoiced,
      subjectType: "agreement",
      subjectId: a.id,
      result: invoice.number,
      metadata: {
        invoiceId: invoice.id,
        periodStart: periodStart.toISOString(),
        periodEnd: periodEnd.toISOString(),
        netCents: a.priceCents,
      },
    },
    tx,
  );
  return { kind: "invoiced", agreementId, userId: a.userId, invoiceId: invoice.id, number: invoice.number, periodStart, periodEnd };
}
