import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { sendInvoiceMail } from "@/lib/domains/mail/notifications/send-invoice-mail";
import { decideInvoiceDelivery } from "./invoice-delivery";
import { loadInvoicePdf } from "./load-invoice-pdf";

export interface DeliverInvoiceOptions {
  invoiceId: number;
  kind: "invoice" | "invoice_reminder";
  actorUserId?: number | null;
}

/**
 * Queues the invoice or reminder mails as the customer's delivery settings say (InvoiceDelivery,
 * spec 4.6), with the PDF where they want it. The mails are written in the caller's transaction
 * (they go out only if it commits); retries (up to 5) are the mail pipeline's. A voided or draft
 * invoice is never delivered.
 */
export async function deliverInvoice(opts: DeliverInvoiceOptions, tx?: Tx): Promise<{ mails: number }> {
  const run = async (tx: Tx) => {
    const invoice = await tx.invoice.findUnique({ where: { id: opts.invoiceId } });
    if (!invoice) throw new AppError("not_found", "Diese Rechnung gibt es nicht.");
    if (invoice.status === "void" || invoice.status === "draft")
      throw new AppError("conflict", `Eine Rechnung im Status ${invoice.status === "void" ? "storniert" : "Entwurf"} wird nicht versandt.`);
    const user = await tx.user.findUniqueOrThrow({
      where: { id: invoice.userId },
      select: { email: true, billingAddress: { select: { sendPdfToAccountEmail: true, invoiceEmail: true, sendPdfToInvoiceEmail: true } } },
    });
    const recipients = decideInvoiceDelivery(user.email, user.billingAddress);
    const pdf = recipients.some((r) => r.withPdf) ? await loadInvoicePdf(invoice, tx) : null;
    const attachment = pdf ? { filename: pdf.filename, contentBase64: Buffer.from(pdf.bytes).toString("base64") } : null;
    const facts = {
      number: invoice.number,
      totalCents: invoice.amountCents + invoice.taxCents,
      currency: invoice.currency,
      dueAt: invoice.status === "open" ? invoice.dueAt : null,
    };
    for (const r of recipients) {
      await sendInvoiceMail({ userId: invoice.userId, kind: opts.kind, invoice: facts, to: r.to, pdf: r.withPdf ? attachment : null }, tx);
    }
    await recordActivity(
      {
        actorUserId: opts.actorUserId ?? null,
        type: ACTIVITY.invoiceDelivered,
        subjectType: "invoice",
        subjectId: invoice.id,
        // Which copies went out, not to whom: the addresses stay in the mail outbox.
        metadata: {
          number: invoice.number,
          kind: opts.kind,
          mails: recipients.map((r) => ({ recipient: r.to ? "invoice_email" : "account", withPdf: r.withPdf && !!attachment })),
        },
      },
      tx,
    );
    return { mails: recipients.length };
  };
  return tx ? run(tx) : db.$transaction(run);
}
