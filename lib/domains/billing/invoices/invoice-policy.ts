import { assertCan, type StaffRole } from "@/lib/domains/accounts/permissions";
import { isConfirmedStaff } from "@/lib/domains/auth/sessions/strong-confirmation";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { loadInvoicePdf } from "./load-invoice-pdf";

/**
 * The signed-in viewer: the session's facts as the routes have them (the account, its staff
 * role, when a passkey or app code last confirmed the session). Whether that is confirmed staff
 * is decided here, never by the caller.
 */
export interface InvoiceViewer {
  user: { id: number; staffRole: StaffRole };
  session: { strongAuthAt: Date | null };
}

export interface InvoicePdfForViewerOptions {
  invoiceId: number;
  viewer: InvoiceViewer;
  now?: Date;
}

const noSuchInvoice = () => new AppError("not_found", "Diese Rechnung gibt es nicht.");

/**
 * The invoice policy (spec 4.3: admin.invoices.pdf, me.invoices.manual-pdf): the account an
 * invoice belongs to may read it; anyone else only as staff holding billing:manage (read from the
 * stored account) in a session confirmed as the admin area demands (isConfirmedStaff, the
 * admin area's own predicate, from the session's facts), whichever of the two routes the request
 * takes. To anyone else the invoice does not exist (404, no bytes), so ids cannot be probed.
 * A MAN invoice is rendered on demand; an STR invoice is the stored provider PDF, and 404 while
 * none is stored.
 */
export async function invoicePdfForViewer(opts: InvoicePdfForViewerOptions): Promise<{ filename: string; bytes: Uint8Array }> {
  const invoice = await db.invoice.findUnique({ where: { id: opts.invoiceId } });
  if (!invoice) throw noSuchInvoice();
  const { viewer } = opts;
  if (invoice.userId !== viewer.user.id) {
    if (!isConfirmedStaff(viewer, opts.now)) throw noSuchInvoice();
    try {
      await assertCan(viewer.user.id, "billing:manage");
    } catch (err) {
      if (err instanceof AppError && err.code === "forbidden") throw noSuchInvoice();
      throw err;
    }
  }
  const pdf = await loadInvoicePdf(invoice, db);
  if (!pdf) throw noSuchInvoice();
  return pdf;
}
