import { assertCan } from "@/lib/accounts/permissions";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { loadInvoicePdf } from "./load-invoice-pdf";

export interface InvoicePdfForViewerOptions {
  invoiceId: number;
  viewerUserId: number;
}

const noSuchInvoice = () => new AppError("not_found", "Diese Rechnung gibt es nicht.");

/**
 * The invoice policy (spec 4.3: admin.invoices.pdf, me.invoices.manual-pdf): the account an
 * invoice belongs to may read it; anyone else only with billing:manage, on the customer route
 * as well. To anyone else the invoice does not exist (404, no bytes), so ids cannot be probed.
 * A MAN invoice is rendered on demand; an STR invoice is the stored provider PDF, and 404 while
 * none is stored.
 */
export async function invoicePdfForViewer(opts: InvoicePdfForViewerOptions): Promise<{ filename: string; bytes: Uint8Array }> {
  const invoice = await db.invoice.findUnique({ where: { id: opts.invoiceId } });
  if (!invoice) throw noSuchInvoice();
  if (invoice.userId !== opts.viewerUserId) {
    try {
      await assertCan(opts.viewerUserId, "billing:manage");
    } catch (err) {
      if (err instanceof AppError && err.code === "forbidden") throw noSuchInvoice();
      throw err;
    }
  }
  const pdf = await loadInvoicePdf(invoice, db);
  if (!pdf) throw noSuchInvoice();
  return pdf;
}
