import { nextInvoiceNumber } from "@/lib/domains/billing/invoices/invoice-numbers";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import type { Tx } from "@/lib/core/db/client";
import type { InvoiceStatus } from "@/lib/generated/prisma/client";
import type { ProviderInvoice } from "./stripe-objects";
import { emitInvoiceWebhook } from "@/lib/domains/webhooks/account-events";

// Provider invoices (card payments) are mirrored as STR invoices: one row per Stripe invoice
// (stripe_invoice_id unique), numbered by our own gapless STR sequence. Status only moves
// forward, so a late "finalized" after "paid" changes nothing.

const STATUS: Record<string, InvoiceStatus> = { draft: "draft", open: "open", paid: "paid", void: "void", uncollectible: "uncollectible" };
const RANK: Record<InvoiceStatus, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };

export interface MirroredInvoice {
  invoiceId: number;
  /** The invoice became paid with this event: its PDF is fetched and its mail sent after the commit. */
  becamePaid: boolean;
}

function amounts(inv: ProviderInvoice): { netCents: number; taxCents: number } {
  const netCents = inv.subtotal_excluding_tax ?? inv.subtotal;
  const taxCents = inv.total_taxes ? inv.total_taxes.reduce((sum, t) => sum + t.amount, 0) : Math.max(0, inv.total - netCents);
  return { netCents, taxCents };
}

export async function mirrorProviderInvoice(tx: Tx, inv: ProviderInvoice, userId: number): Promise<MirroredInvoice | null> {
  const status = STATUS[inv.status ?? "draft"] ?? "open";
  // Drafts are not invoices yet; credit invoices (negative totals, prorations) are Stripe's own
  // credit notes and are not mirrored as invoices.
  if (status === "draft" || inv.total < 0 || inv.subtotal < 0) return null;
  // Two events of one invoice at once (finalized, paid) must create one row with one number.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`stripe-invoice:${inv.id}`}))`;
  const subscriptionId = inv.parent?.subscription_details?.subscription ?? null;
  const agreement = subscriptionId
    ? await tx.userPaymentOption.findUnique({ where: { stripeSubscriptionId: subscriptionId }, select: { id: true } })
    : null;
  const { netCents, taxCents } = amounts(inv);
  const lines = (inv.lines?.data ?? []).map((l) => {
    const quantity = l.quantity && l.quantity > 0 ? l.quantity : 1;
    return { description: l.description ?? "Leistung", quantity, unitNetCents: Math.round(l.amount / quantity) };
  });
  const period = inv.lines?.data[0]?.period;
  const paidAt = status === "paid" ? (inv.status_transitions?.paid_at ?? inv.created) : null;
  const existing = await tx.invoice.findUnique({ where: { stripeInvoiceId: inv.id }, select: { id: true, status: true } });
  if (existing) {
    if (RANK[status] <= RANK[existing.status]) return { invoiceId: existing.id, becamePaid: false };
    await tx.invoice.update({
      where: { id: existing.id },
      data: { status, paidAt, ...(status === "void" ? { voidedAt: new Date(), voidReason: "voided at the payment provider" } : {}) },
    });
    if (status === "paid") {
      await recordPayment(tx, userId, existing.id, netCents + taxCents);
      await emitInvoiceWebhook(tx, { invoiceId: existing.id, type: "invoice.paid", now: new Date() });
    }
    return { invoiceId: existing.id, becamePaid: status === "paid" };
  }
  const created = await tx.invoice.create({
    data: {
      number: await nextInvoiceNumber(tx, "STR", inv.created),
      kind: "stripe",
      stripeInvoiceId: inv.id,
      stripeSubscriptionId: subscriptionId,
      userPaymentOptionId: agreement?.id ?? null,
      userId,
      status,
      amountCents: netCents,
      taxCents,
      currency: inv.currency.toUpperCase(),
      lines,
      periodStart: period?.start ?? null,
      periodEnd: period?.end ?? null,
      issuedAt: inv.created,
      paidAt,
      ...(status === "void" ? { voidedAt: new Date(), voidReason: "voided at the payment provider" } : {}),
    },
    select: { id: true },
  });
  await emitInvoiceWebhook(tx, { invoiceId: created.id, type: "invoice.issued", now: new Date() });
  if (status === "paid") {
    await recordPayment(tx, userId, created.id, netCents + taxCents);
    await emitInvoiceWebhook(tx, { invoiceId: created.id, type: "invoice.paid", now: new Date() });
  }
  return { invoiceId: created.id, becamePaid: status === "paid" };
}

/** Spec 6.1: payments appear in the activity log. */
async function recordPayment(tx: Tx, userId: number, invoiceId: number, grossCents: number): Promise<void> {
  await recordActivity(
    {
      actorUserId: userId,
      type: ACTIVITY.paymentReceived,
      subjectType: "invoice",
      subjectId: invoiceId,
      result: "paid",
      path: "card",
      metadata: { grossCents },
    },
    tx,
  );
}
