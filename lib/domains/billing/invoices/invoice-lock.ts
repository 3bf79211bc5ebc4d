import type { Tx } from "@/lib/core/db/client";
import type { Invoice } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";

/**
 * Locks one invoice row for the rest of `tx` and reads it after the lock, so a status check
 * sees every change committed before (an admin's second click, the billing run, a webhook).
 */
export async function lockInvoice(tx: Tx, invoiceId: number): Promise<Invoice> {
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM invoices WHERE id = ${invoiceId} FOR UPDATE`;
  if (!locked.length) throw new AppError("not_found", "Diese Rechnung gibt es nicht.");
  return tx.invoice.findUniqueOrThrow({ where: { id: invoiceId } });
}
