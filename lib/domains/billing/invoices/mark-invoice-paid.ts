import { recordConversionEvent } from "@/lib/domains/activity/conversion-events";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { emitInvoiceWebhook } from "@/lib/domains/webhooks/account-events";
import { lockInvoice } from "./invoice-lock";

export interface MarkInvoicePaidOptions {
  invoiceId: number;
  actorUserId?: number | null;
  /** When the transfer arrived; defaults to now. */
  paidAt?: Date;
  now?: Date;
}

/** A booked payment may lie in the past, never in the future (a minute of clock skew aside). */
const FUTURE_TOLERANCE_MS = 60_000;

/** The newsroom a payment counts for in the funnel: the agreement's, else the account's first owned one. */
async function paymentCompanyId(tx: Tx, invoice: { userId: number; userPaymentOptionId: number | null }): Promise<number | null> {
  if (invoice.userPaymentOptionId !== null) {
    const agreement = await tx.userPaymentOption.findUnique({ where: { id: invoice.userPaymentOptionId }, select: { companyId: true } });
    if (agreement?.companyId) return agreement.companyId;
  }
  const owned = await tx.companyUser.findFirst({
    where: { userId: invoice.userId, role: "owner" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { companyId: true },
  });
  return owned?.companyId ?? null;
}

/**
 * The admin's "mark paid" (spec 4.3) for a manual invoice paid by bank transfer: open -> paid.
 * A second click finds it paid and changes nothing ({ paid: false }); a voided invoice is refused.
 * Writes the payment to the activity log (spec 6.1) and, after the commit, stage 5 of the funnel
 * (once per newsroom).
 */
export async function markInvoicePaid(opts: MarkInvoicePaidOptions, tx?: Tx): Promise<{ paid: boolean }> {
  const now = opts.now ?? new Date();
  const paidAt = opts.paidAt ?? now;
  if (!(paidAt instanceof Date) || Number.isNaN(paidAt.getTime()) || paidAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw new AppError("validation_failed", "Das Zahlungsdatum darf nicht in der Zukunft liegen.", undefined, [
      { path: "paidAt", message: "Das Zahlungsdatum darf nicht in der Zukunft liegen." },
    ]);
  }
  const run = async (tx: Tx) => {
    const invoice = await lockInvoice(tx, opts.invoiceId);
    if (invoice.kind !== "manual")
      throw new AppError(
        "conflict",
        "Kartenzahlungen (STR) bucht der Zahlungsanbieter; nur manuelle Rechnungen werden hier als bezahlt markiert.",
      );
    if (invoice.status === "paid") return { paid: false, companyId: null };
    // Race: a void and "mark paid" at once, or two admins; the row is locked and only an open invoice moves.
    const updated = await tx.invoice.updateMany({ where: { id: invoice.id, status: "open" }, data: { status: "paid", paidAt } });
    if (updated.count !== 1)
      throw new AppError(
        "conflict",
        `Die Rechnung ${invoice.number} ist ${invoice.status === "void" ? "storniert" : `im Status ${invoice.status}`} und kann nicht als bezahlt markiert werden.`,
      );
    await emitInvoiceWebhook(tx, { invoiceId: invoice.id, type: "invoice.paid", now });
    const grossCents = invoice.amountCents + invoice.taxCents;
    const actorUserId = opts.actorUserId ?? null;
    await recordActivity(
      {
        actorUserId,
        type: ACTIVITY.invoicePaid,
        subjectType: "invoice",
        subjectId: invoice.id,
        result: "paid",
        metadata: { number: invoice.number, paidAt: paidAt.toISOString(), grossCents },
      },
      tx,
    );
    await recordActivity(
      {
        actorUserId,
        type: ACTIVITY.paymentReceived,
        subjectType: "invoice",
        subjectId: invoice.id,
        result: "paid",
        path: "bank_transfer",
        metadata: { number: invoice.number, grossCents, userId: invoice.userId },
      },
      tx,
    );
    return { paid: true, companyId: await paymentCompanyId(tx, invoice) };
  };
  const result = tx ? await run(tx) : await db.$transaction(run);
  // Best-effort and deduplicated per company, so it never aborts the booking. Inside a caller's
  // transaction it is written at once: a repeat after a rollback is dropped by the dedupe key.
  if (result.paid && result.companyId !== null) {
    await recordConversionEvent({
      stage: 5,
      source: "manual_invoice",
      companyId: result.companyId,
      dedupeKey: `stage5:company:${result.companyId}`,
    });
  }
  return { paid: result.paid };
}
