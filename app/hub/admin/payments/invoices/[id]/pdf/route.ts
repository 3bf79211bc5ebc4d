import { requireAdmin } from "@/lib/domains/auth/session";
import { invoicePdfResponse, invoicePdfRefusal } from "@/lib/domains/billing/invoices/invoice-pdf-response";
import { invoicePdfForViewer } from "@/lib/domains/billing/invoices/invoice-policy";
import { parseRecordId } from "@/lib/core/input/ids";

// GET /admin/payments/invoices/<id>/pdf (admin.invoices.pdf): any customer's invoice, for a
// confirmed staff session holding billing:manage; others get 403.
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const s = await requireAdmin("billing:manage");
  const invoiceId = parseRecordId((await params).id);
  if (invoiceId === null) return invoicePdfRefusal(404);
  return invoicePdfResponse(() => invoicePdfForViewer({ invoiceId, viewer: s }));
}
