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
 * An invoice issued or paid. Invoices belong to the account; its newsroom hears of it: the
 * agreement's newsroom, else every newsroom the account owns.
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
  const companyIds = i.paymentOption?.companyId
    ? [i.paymentOption.companyId]
    : (
        await tx.companyUser.findMany({
          where: { userId: i.userId, role: "owner", company: { deletedAt: null } },
          select: { companyId: true },
          orderBy: { companyId: "asc" },
        })
      ).map((m) => m.companyId);
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
