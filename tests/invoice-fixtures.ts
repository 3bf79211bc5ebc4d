import { extractText, getDocumentProxy } from "unpdf";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { createManualInvoice, type CreateManualInvoiceOptions } from "@/lib/domains/billing/invoices/create-manual-invoice";

// Helpers for the invoice tests of this folder.

/** 1 Nov 2026 00:00 and 1 Dec 2026 00:00 in Berlin: the November service period (end exclusive). */
export const NOVEMBER = { periodStart: new Date("2026-10-31T23:00:00Z"), periodEnd: new Date("2026-11-30T23:00:00Z") };
export const ISSUED = new Date("2026-12-01T09:00:00Z");

export const PACKAGE_LINE = { description: "Paket Business – November 2026", quantity: 1, unitNetCents: 12_900 };

/** A manual invoice for `userId`: one package line for November unless told otherwise. */
export function issueInvoice(userId: number, opts: Partial<CreateManualInvoiceOptions> = {}) {
  return createManualInvoice({ userId, lines: [PACKAGE_LINE], ...NOVEMBER, now: ISSUED, ...opts });
}

/** A customer with an open manual invoice. */
export async function customerWithInvoice(user: Parameters<typeof seedUser>[0] = {}, opts: Partial<CreateManualInvoiceOptions> = {}) {
  const customer = await seedUser(user);
  const invoice = await issueInvoice(customer.id, opts);
  return { customer, invoice };
}

/** The invoice mails queued for an invoice number, oldest first. */
export async function invoiceMails(number: string) {
  const rows = await db.mailOutbox.findMany({ where: { subject: { contains: number } }, orderBy: { id: "asc" } });
  return rows.map((r) => ({
    ...r,
    pdfs: (r.attachments as { filename: string; contentBase64: string; contentType: string }[]).filter(
      (a) => a.contentType === "application/pdf",
    ),
  }));
}

/** The text of a PDF, its no-break spaces as plain ones. */
export async function pdfTextOf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\u00a0/g, " ");
}
