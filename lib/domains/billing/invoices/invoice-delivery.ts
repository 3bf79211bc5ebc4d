// InvoiceDelivery (spec 4.6): who receives an invoice or reminder mail, and with or without the
// PDF. Pure (no server imports): deliverInvoice carries it out, the settings form previews it.

/** Addresses compare as the mail outbox stores them (lib/domains/mail/suppression.ts normalizeAddress). */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface InvoiceDeliverySettings {
  /** Send the invoice PDF to the account e-mail (default on). */
  sendPdfToAccountEmail: boolean;
  /** A separate invoice e-mail (optional). */
  invoiceEmail: string | null;
  /** Send invoices as PDF to that address (default on). */
  sendPdfToInvoiceEmail: boolean;
}

/** The settings of spec 4.6 before a customer changes them (also: no billing_addresses row). */
export const DEFAULT_DELIVERY_SETTINGS: InvoiceDeliverySettings = {
  sendPdfToAccountEmail: true,
  invoiceEmail: null,
  sendPdfToInvoiceEmail: true,
};

export interface InvoiceMailRecipient {
  /** Null: the account address. Otherwise the separate invoice address. */
  to: string | null;
  withPdf: boolean;
}

/**
 * The account address always gets a mail: with the PDF when its setting is on, else one pointing
 * to the account. A separate invoice address gets its own copy (naming the account, without a
 * login button), with the PDF when its setting is on. An invoice address equal to the account
 * address (any case) is the account address: one mail, with the PDF.
 */
export function decideInvoiceDelivery(accountEmail: string, settings: InvoiceDeliverySettings | null): InvoiceMailRecipient[] {
  const s = settings ?? DEFAULT_DELIVERY_SETTINGS;
  const invoiceEmail = s.invoiceEmail?.trim() || null;
  if (invoiceEmail && sameAddress(invoiceEmail, accountEmail)) return [{ to: null, withPdf: true }];
  return [
    { to: null, withPdf: s.sendPdfToAccountEmail },
    ...(invoiceEmail ? [{ to: invoiceEmail, withPdf: s.sendPdfToInvoiceEmail }] : []),
  ];
}
