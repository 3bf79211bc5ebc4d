import type { Tx } from "@/lib/core/db/client";
import { emitWebhookEvent } from "./emit";

// The events that are not release transitions (docs/webhooks.md): images held back or let
// through, the quota used up, invoices. Each is recorded in the transaction of its change.

export async function emitImageWebhook(
  tx: Tx,
  opts: {
    companyId: number;
    releaseId: number;
    imageId: number;
    type: "image.withheld" | "image.released";
    /** Why, in the API's words: "precheck" (held for a person's decision) or "rejected" (hidden for good). */
    reason: "precheck" | "rejected" | null;
    now: Date;
  },
) {
  return emitWebhookEvent(tx, {
    companyId: opts.companyId,
    type: opts.type,
    sourceKey: `image:${opts.imageId}:${opts.type}:${opts.reason ?? "released"}`,
    occurredAt: opts.now,
    data: { image: { id: opts.imageId, release_id: opts.releaseId }, reason: opts.reason },
  });
}

/** The publication that took the last unit of the month's quota. */
export async function emitQuotaExhausted(tx: Tx, opts: { companyId: number; releaseId: number; period: string; limit: number; now: Date }) {
  return emitWebhookEvent(tx, {
    companyId: opts.companyId,
    type: "quota.exhausted",
    sourceKey: `quota:${opts.companyId}:${opts.period}:${opts.releaseId}`,
    occurredAt: opts.now,
    data: { quota: { period: opts.period, limit: opts.limit, used: opts.limit }, release_id: opts.releaseId },
  });
}

/**
 * An invoice issued or paid. Invoices belong to the account; the agreement's newsroom hears of it,
 * else every newsroom the account owns alone.
 */
export async function emitInvoiceWebhook(tx: Tx, opts: { invoiceId: number; type: "invoice.issued" | "invoice.paid"; now: Date }) {
  const i = await tx.invoice.findUniqueOrThrow({
    where: { id: opts.invoiceId },
    select: {
      id: true,
      number: true,
      kind: true,
      status: true,
      currency: true,
      amountCents: true,
      taxCents: true,
      issuedAt: true,
      paidAt: true,
      dueAt: true,
      userId: true,
      paymentOption: { select: { companyId: true } },
    },
  });
  // Co-owners see their own invoices only: without an agreement, a newsroom hears of the invoice
  // only when this account is its one owner.
  const companyIds = i.paymentOption?.companyId
    ? [i.paymentOption.companyId]
    : (
        await tx.$queryRaw<{ company_id: number }[]>`
          SELECT cu.company_id FROM company_user cu JOIN companies c ON c.id = cu.company_id
           WHERE cu.user_id = ${i.userId} AND cu.role = 'owner' AND c.deleted_at IS NULL AND c.gone_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM company_user o WHERE o.company_id = cu.company_id AND o.role = 'owner' AND o.user_id <> ${i.userId})
           ORDER BY cu.company_id`
      ).map((r) => r.company_id);
  const invoice = {
    id: i.id,
    number: i.number,
    kind: i.kind,
    status: i.status,
    currency: i.currency,
    net_cents: i.amountCents,
    tax_cents: i.taxCents,
    gross_cents: i.amountCents + i.taxCents,
    issued_at: i.issuedAt.toISOString(),
    due_at: i.dueAt?.toISOString() ?? null,
    paid_at: i.paidAt?.toISOString() ?? null,
  };
  for (const companyId of companyIds)
    await emitWebhookEvent(tx, {
      companyId,
      type: opts.type,
      sourceKey: `invoice:${i.id}:${opts.type}:${companyId}`,
      occurredAt: opts.now,
      data: { invoice },
    });
}
