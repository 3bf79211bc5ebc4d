import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { deliverInvoice } from "./deliver-invoice";
import { lockInvoice } from "./invoice-lock";

export interface SendManualInvoiceOptions {
  invoiceId: number;
  actorUserId?: number | null;
  now?: Date;
}

/**
 * The admin's "send invoice" (spec 4.3): mails a manual invoice as the delivery settings say and
 * records sent_at. Sending again is allowed (a lost mail, a new invoice address): it re-sends,
 * and the activity entry says it was a repeat. Open and paid invoices can be sent; void ones not.
 */
export async function sendManualInvoice(opts: SendManualInvoiceOptions, tx?: Tx): Promise<{ mails: number; resent: boolean }> {
  const now = opts.now ?? new Date();
  const run = async (tx: Tx) => {
    const invoice = await lockInvoice(tx, opts.invoiceId);
    if (invoice.kind !== "manual") throw new AppError("conflict", "Nur manuelle Rechnungen (MAN) werden von hier versandt.");
    // Race: a void committed while the admin clicked "send" is seen here (row locked, state re-read).
    const updated = await tx.invoice.updateMany({ where: { id: invoice.id, status: { in: ["open", "paid"] } }, data: { sentAt: now } });
    if (updated.count !== 1)
      throw new AppError(
        "conflict",
        `Die Rechnung ${invoice.number} ist ${invoice.status === "void" ? "storniert" : `im Status ${invoice.status}`} und wird nicht versandt.`,
      );
    const { mails } = await deliverInvoice({ invoiceId: invoice.id, kind: "invoice", actorUserId: opts.actorUserId ?? null }, tx);
    const resent = invoice.sentAt !== null;
    await recordActivity(
      {
        actorUserId: opts.actorUserId ?? null,
        type: ACTIVITY.invoiceSent,
        subjectType: "invoice",
        subjectId: invoice.id,
        result: resent ? "resent" : "sent",
        metadata: { number: invoice.number, resent, previousSentAt: invoice.sentAt?.toISOString() ?? null, mails },
      },
      tx,
    );
    return { mails, resent };
  };
  return tx ? run(tx) : db.$transaction(run);
}
