import { requireUser } from "@/lib/domains/auth/session";
import { invoicePdfResponse, invoicePdfRefusal } from "@/lib/domains/billing/invoices/invoice-pdf-response";
import { invoicePdfForViewer } from "@/lib/domains/billing/invoices/invoice-policy";
import { parseRecordId } from "@/lib/core/input/ids";

// GET /dashboard/billing/invoices/<id>/pdf (me.invoices.manual-pdf): the signed-in customer's own
// invoice; another customer's only with billing:manage from a strongly confirmed staff session
// (the invoice policy decides).
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const s = await requireUser();
  const invoiceId = parseRecordId((await params).id);
  if (invoiceId === null) return invoicePdfRefusal(404);
  return invoicePdfResponse(() => invoicePdfForViewer({ invoiceId, viewer: s }));
}
