import type { DbOrTx } from "@/lib/core/db/client";
import type { Invoice } from "@/lib/generated/prisma/client";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { invoicePdfFilename, renderInvoicePdf } from "./invoice-pdf";

/**
 * The PDF of an invoice, or null when there is none: a manual (MAN) invoice is rendered from its
 * row; a provider (STR) invoice is the provider's PDF, fetched once by the webhook and kept in
 * file storage under pdf_path.
 */
export async function loadInvoicePdf(invoice: Invoice, client: DbOrTx): Promise<{ filename: string; bytes: Uint8Array } | null> {
  const filename = invoicePdfFilename(invoice.number);
  if (invoice.kind === "manual") return { filename, bytes: await renderInvoicePdf(invoice, client) };
  if (!invoice.pdfPath) return null;
  const file = await getFileStorage().get(invoice.pdfPath);
  return file ? { filename, bytes: new Uint8Array(file.bytes) } : null;
}
