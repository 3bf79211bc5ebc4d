import { createHash, randomBytes } from "node:crypto";
import Stripe from "stripe";
import { invoiceTotals } from "@/lib/domains/billing/invoices/invoice-lines";
import type { CheckoutOrder } from "./types";

// Events of the local checkout in the shape Stripe sends them (the fields our webhook reads,
// under the same names), signed as Stripe signs: `Stripe-Signature: t=...,v1=HMAC-SHA256`.

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export interface LocalSale {
  sessionId: string;
  order: CheckoutOrder;
  subscriptionId: string | null;
  invoiceId: string;
  paidAt: Date;
}

export interface SubscriptionState {
  subscriptionId: string;
  order: CheckoutOrder;
  periodStart: Date;
  status: "active" | "canceled";
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
}

function oneMonthAfter(d: Date): Date {
  const end = new Date(d);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** An event; `key` makes its id repeatable (a re-delivered sale is the same events), else it is new. */
export function event(type: string, object: Record<string, unknown>, at: Date, key?: string): Stripe.Event {
  const id = key ? createHash("sha256").update(`${key}:${type}`).digest("hex").slice(0, 24) : randomBytes(12).toString("hex");
  return {
    id: `evt_local_${id}`,
    object: "event",
    type,
    created: unix(at),
    livemode: false,
    api_version: Stripe.API_VERSION,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as unknown as Stripe.Event;
}

export function subscriptionObject(s: SubscriptionState): Record<string, unknown> {
  const line = s.order.lines[0]!;
  return {
    id: s.subscriptionId,
    object: "subscription",
    customer: s.order.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: s.canceledAt ? unix(s.canceledAt) : null,
    ended_at: s.status === "canceled" && s.canceledAt ? unix(s.canceledAt) : null,
    metadata: s.order.metadata,
    currency: "eur",
    items: {
      object: "list",
      data: [
        {
          id: `si_${s.subscriptionId}`,
          quantity: line.quantity,
          current_period_start: unix(s.periodStart),
          current_period_end: unix(oneMonthAfter(s.periodStart)),
          price: { unit_amount: line.unitNetCents, currency: "eur", recurring: { interval: "month" } },
        },
      ],
    },
  };
}

/** The events Stripe sends for a paid checkout, in Stripe's order. */
export function saleEvents(sale: LocalSale): Stripe.Event[] {
  const { order, paidAt } = sale;
  const totals = invoiceTotals(order.lines);
  const events: Stripe.Event[] = [];
  if (sale.subscriptionId) {
    events.push(
      event(
        "customer.subscription.created",
        subscriptionObject({
          subscriptionId: sale.subscriptionId,
          order,
          periodStart: paidAt,
          status: "active",
          cancelAtPeriodEnd: false,
          canceledAt: null,
        }),
        paidAt,
        sale.sessionId,
      ),
    );
  }
  events.push(
    event(
      "checkout.session.completed",
      {
        id: sale.sessionId,
        object: "checkout.session",
        mode: order.mode,
        status: "complete",
        payment_status: "paid",
        customer: order.customerId,
        subscription: sale.subscriptionId,
        invoice: sale.invoiceId,
        metadata: order.metadata,
        currency: "eur",
        amount_subtotal: totals.netCents,
        amount_total: totals.grossCents,
      },
      paidAt,
      sale.sessionId,
    ),
  );
  const periodEnd = sale.subscriptionId ? oneMonthAfter(paidAt) : paidAt;
  events.push(
    event(
      "invoice.paid",
      {
        id: sale.invoiceId,
        object: "invoice",
        customer: order.customerId,
        status: "paid",
        currency: "eur",
        subtotal: totals.netCents,
        subtotal_excluding_tax: totals.netCents,
        total: totals.grossCents,
        total_taxes: [{ amount: totals.taxCents }],
        // The local provider renders its PDF on request (LocalProvider.fetchInvoicePdf).
        invoice_pdf: null,
        metadata: order.metadata,
        parent: sale.subscriptionId
          ? { type: "subscription_details", subscription_details: { subscription: sale.subscriptionId, metadata: order.metadata } }
          : null,
        lines: {
          object: "list",
          data: order.lines.map((l) => ({
            description: l.description,
            quantity: l.quantity,
            amount: l.unitNetCents * l.quantity,
            period: { start: unix(paidAt), end: unix(periodEnd) },
          })),
        },
        status_transitions: { paid_at: unix(paidAt), finalized_at: unix(paidAt) },
        created: unix(paidAt),
      },
      paidAt,
      sale.sessionId,
    ),
  );
  return events;
}

/** Signs a payload exactly as Stripe signs webhook deliveries. */
export function signedDelivery(evt: Stripe.Event, secret: string, at = new Date()): { payload: string; signature: string } {
  const payload = JSON.stringify(evt);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: unix(at) }) };
}
