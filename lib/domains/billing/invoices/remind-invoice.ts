import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { deliverInvoice } from "./deliver-invoice";
import { lockInvoice } from "./invoice-lock";

export interface RemindInvoiceOptions {
  invoiceId: number;
  actorUserId?: number | null;
  now?: Date;
}

/**
 * The admin's "remind" (spec 4.3): a payment reminder for an open manual invoice, to the
 * addresses the delivery settings name. Provider (STR) invoices are dunned by the provider.
 */
export async function remindInvoice(opts: RemindInvoiceOptions, tx?: Tx): Promise<{ mails: number; reminderCount: number }> {
  const now = opts.now ?? new Date();
  const run = async (tx: Tx) => {
    const invoice = await lockInvoice(tx, opts.invoiceId);
    if (invoice.kind !== "manual") throw new AppError("conflict", "Zahlungserinnerungen gibt es nur für manuelle Rechnungen (MAN).");
    // Race: the payment was booked (or the invoice voided) while the reminder was asked for;
    // only a still open invoice is reminded, and two clicks count twice only if both meant it.
    const updated = await tx.invoice.updateMany({
      where: { id: invoice.id, status: "open" },
      data: { remindedAt: now, reminderCount: { increment: 1 } },
    });
    if (updated.count !== 1)
      throw new AppError("conflict", `Die Rechnung ${invoice.number} ist nicht mehr offen; eine Erinnerung wurde nicht versandt.`);
    const { mails } = await deliverInvoice({ invoiceId: invoice.id, kind: "invoice_reminder", actorUserId: opts.actorUserId ?? null }, tx);
    const reminderCount = invoice.reminderCount + 1;
    await recordActivity(
      {
        actorUserId: opts.actorUserId ?? null,
        type: ACTIVITY.invoiceReminded,
        subjectType: "invoice",
        subjectId: invoice.id,
        metadata: { number: invoice.number, reminderCount, mails },
      },
      tx,
    );
    return { mails, reminderCount };
  };
  return tx ? run(tx) : db.$transaction(run);
}
