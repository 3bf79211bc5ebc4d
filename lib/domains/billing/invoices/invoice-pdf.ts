import PDFDocument from "pdfkit";
import { db, type DbOrTx } from "@/lib/core/db/client";
import type { Invoice } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/core/errors/errors";
import { drawInvoice, type InvoicePdfModel } from "./invoice-pdf-layout";
import { storedInvoiceLines } from "./invoice-lines";
import { storedRecipient } from "./invoice-recipient";
import { invoiceIssuer } from "./issuer";

/** The file name an invoice PDF travels under: its number. */
export const invoicePdfFilename = (number: string) => `${number}.pdf`;

async function modelOf(invoice: Invoice, client: DbOrTx): Promise<InvoicePdfModel> {
  let recipient = storedRecipient(invoice.recipient);
  if (!recipient) {
    const user = await client.user.findUnique({ where: { id: invoice.userId }, select: { name: true, email: true } });
    recipient = {
      name: user?.name ?? "",
      company: null,
      street: null,
      postalCode: null,
      city: null,
      country: null,
      vatId: null,
      email: user?.email ?? null,
    };
  }
  return {
    number: invoice.number,
    status: invoice.status,
    customerNumber: invoice.userId,
    issuedAt: invoice.issuedAt,
    dueAt: invoice.dueAt,
    paidAt: invoice.paidAt,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    voidedAt: invoice.voidedAt,
    voidReason: invoice.voidReason,
    replacesLegacyInvoiceNumber: invoice.replacesLegacyInvoiceNumber,
    recipient,
    lines: storedInvoiceLines(invoice.lines),
    netCents: invoice.amountCents,
    taxCents: invoice.taxCents,
    issuer: invoiceIssuer(),
  };
}

/**
 * The invoice as a PDF, rendered on demand from the stored row (a manual invoice has no stored
 * file; its lines and recipient snapshot are the record). Amounts are the stored ones, never
 * recomputed, so the PDF always agrees with the ledger. Built-in Helvetica, WinAnsi text.
 */
export async function renderInvoicePdf(invoice: number | Invoice, client: DbOrTx = db): Promise<Uint8Array> {
  const row = typeof invoice === "number" ? await client.invoice.findUnique({ where: { id: invoice } }) : invoice;
  if (!row) throw notFound("Invoice not found.");
  const model = await modelOf(row, client);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 40, bottom: 10, left: 56, right: 56 },
    bufferPages: true,
    lang: "de-DE",
    displayTitle: true,
    info: { Title: `Rechnung ${row.number}`, Author: model.issuer.name, Subject: `Rechnung ${row.number}`, CreationDate: row.issuedAt },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  drawInvoice(doc, model);
  doc.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}
