import { db, type DbOrTx } from "@/lib/core/db/client";
import { recipientLanguage } from "../recipient-language";
import { sendMail } from "../send-mail";
import { normalizeAddress } from "../suppression";
import { invoiceMail, type InvoiceMailKind } from "../templates/invoice";

export interface InvoicePdf {
  filename: string;
  contentBase64: string;
}

export interface SendInvoiceMailOptions {
  /** The account the invoice belongs to: its language, and its address unless `to` is given. */
  userId: number;
  kind: InvoiceMailKind;
  invoice: { number: string; totalCents: number; currency: string; dueAt?: Date | null };
  /** The separate invoice address of the delivery settings (spec 4.6), if that is where it goes. */
  to?: string | null;
  /** The stored invoice PDF; absent when the delivery settings send no PDF to this address. */
  pdf?: InvoicePdf | null;
}

/**
 * Invoice and reminder mails (spec 4.6, 6.3), the PDF stored with the outbox row as an
 * attachment so a retried delivery sends the same file. InvoiceDelivery (billing) decides the
 * recipient and whether a PDF goes along; this only writes the mail. A hook for the billing
 * runs: no caller yet except tests. Pass the transaction that marks the invoice sent.
 */
export async function sendInvoiceMail(opts: SendInvoiceMailOptions, client: DbOrTx = db): Promise<{ mailId: number }> {
  const user = await client.user.findUniqueOrThrow({ where: { id: opts.userId }, select: { email: true, locale: true } });
  const to = opts.to?.trim() ? opts.to : user.email;
  // The copy for a separate invoice address names the account and carries no login button.
  const isAccountAddress = normalizeAddress(to) === normalizeAddress(user.email);
  const mail = await invoiceMail({
    language: recipientLanguage({ userLocale: user.locale }),
    kind: opts.kind,
    number: opts.invoice.number,
    amountCents: opts.invoice.totalCents,
    currency: opts.invoice.currency,
    dueAt: opts.invoice.dueAt ?? null,
    hasPdf: !!opts.pdf,
    forAccount: isAccountAddress ? null : user.email,
  });
  const attachments = opts.pdf ? [{ ...opts.pdf, contentType: "application/pdf" }] : [];
  const { id } = await sendMail({ to, ...mail, mailType: opts.kind, attachments }, client);
  return { mailId: id };
}
