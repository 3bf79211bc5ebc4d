import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { isAcceptableText } from "@/lib/core/input/text";
import { lockInvoice } from "./invoice-lock";

export interface VoidInvoiceOptions {
  invoiceId: number;
  /** Why (1..500 characters): kept on the invoice and printed on its PDF. */
  reason: string;
  actorUserId?: number | null;
  now?: Date;
}

export const VOID_REASON_MAX = 500;

/**
 * Voids an open manual invoice (spec 3.1: never deleted): status void with voided_at and the
 * reason; the number stays used, and the PDF shows "STORNIERT". An invoice already void or
 * paid is left as it is ({ voided: false }).
 */
export async function voidInvoice(opts: VoidInvoiceOptions, tx?: Tx): Promise<{ voided: boolean }> {
  const reason = typeof opts.reason === "string" ? opts.reason.trim() : "";
  if (!reason || reason.length > VOID_REASON_MAX || !isAcceptableText(reason)) {
    const message = `Bitte geben Sie einen Grund für die Stornierung an (1 bis ${VOID_REASON_MAX} Zeichen).`;
    throw new AppError("validation_failed", message, undefined, [{ path: "reason", message }]);
  }
  const run = async (tx: Tx) => {
    const invoice = await lockInvoice(tx, opts.invoiceId);
    if (invoice.kind !== "manual") throw new AppError("conflict", "Rechnungen des Zahlungsanbieters (STR) werden dort storniert.");
    if (invoice.status === "void" || invoice.status === "paid") return { voided: false };
    // Race: "mark paid" and a void at once; under the row lock only an open invoice is voided.
    const updated = await tx.invoice.updateMany({
      where: { id: invoice.id, status: "open" },
      data: { status: "void", voidedAt: opts.now ?? new Date(), voidReason: reason },
    });
    if (updated.count !== 1) return { voided: false };
    await recordActivity(
      {
        actorUserId: opts.actorUserId ?? null,
        type: ACTIVITY.invoiceVoided,
        subjectType: "invoice",
        subjectId: invoice.id,
        result: "void",
        reason,
        metadata: { number: invoice.number, previousStatus: invoice.status },
      },
      tx,
    );
    return { voided: true };
  };
  return tx ? run(tx) : db.$transaction(run);
}
