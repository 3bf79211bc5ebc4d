import { createHash } from "node:crypto";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, forbidden, notFound } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { hubUrl } from "@/lib/domains/sites/urls";
import { invoiceTotals } from "@/lib/domains/billing/invoices/invoice-lines";
import { saleEvents, signedDelivery, subscriptionObject, event } from "./local-events";
import type { CheckoutOrder, PaymentProvider } from "./types";
import type Stripe from "stripe";

// The embedded default's payment provider: a checkout page on the hub (/checkout/local/[id])
// that "pays" and then sends the events Stripe would send, signed with the local webhook
// secret, to the same webhook receiver. Never on a public deployment (config billing.localCheckout).

const idFrom = (prefix: string, key: string) => `${prefix}_local_${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;

type WebhookReceiver = (request: Request) => Promise<unknown>;
const RECEIVER = Symbol.for("pressdesk.localWebhookReceiver");
const holder = globalThis as unknown as { [RECEIVER]?: WebhookReceiver };

/**
 * The receiver the local checkout delivers to: the one Stripe's events reach, provided at start
 * by the runtime layer (lib/runtime/local-checkout.ts). The provider never imports the receiver,
 * which itself asks the provider for the events' objects.
 */
export function provideLocalWebhookReceiver(receive: WebhookReceiver): void {
  holder[RECEIVER] = receive;
}

/** Hands signed events to the webhook receiver, one after another as Stripe delivers them. */
async function deliver(events: Stripe.Event[]): Promise<void> {
  const receiveStripeWebhook = holder[RECEIVER];
  if (!receiveStripeWebhook) throw new Error("the local checkout has no webhook receiver in this process: import lib/runtime/start");
  for (const evt of events) {
    const { payload, signature } = signedDelivery(evt, getConfig().billing.localWebhookSecret);
    const request = new Request(hubUrl("/api/webhooks/stripe"), {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    await receiveStripeWebhook(request);
  }
}

function assertLocal(): void {
  if (!getConfig().billing.localCheckout) throw notFound();
}

export interface LocalCheckoutView {
  id: string;
  status: "open" | "complete" | "expired";
  /** The account that opened the checkout (the order's `userId`); null only for a malformed order. */
  openedBy: number | null;
  order: CheckoutOrder;
  totals: { netCents: number; taxCents: number; grossCents: number };
}

/**
 * A local checkout belongs to the account that opened it: only that account's session sees,
 * pays or abandons it. Without the binding, anyone who reaches the hub (another customer, a
 * page rebinding its DNS to a local installation) could pay an order into someone's account.
 */
function assertOpenedBy(view: Pick<LocalCheckoutView, "openedBy">, userId: number | null): void {
  if (userId === null) throw new AppError("unauthenticated", "Bitte melden Sie sich mit dem Konto an, das diese Testzahlung geöffnet hat.");
  if (view.openedBy !== userId) throw forbidden("Diese Testzahlung wurde von einem anderen Konto geöffnet.");
}

const SESSION_ID = /^cs_local_[0-9a-f]{24}$/;

/** The card the local checkout pays with (Stripe's test Visa), also shown on its stand-in portal. */
export const LOCAL_TEST_CARD = { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 } as const;

/** A local checkout as the account `userId` (null: no session) sees it: only the one that opened it does (assertOpenedBy). */
export async function loadLocalCheckout(id: string, userId: number | null): Promise<LocalCheckoutView> {
  assertLocal();
  // The id comes from the address bar: anything not shaped like ours is simply unknown.
  if (!SESSION_ID.test(id)) throw notFound("Diese Testzahlung gibt es nicht.");
  const row = await db.localCheckoutSession.findUnique({ where: { id } });
  if (!row) throw notFound("Diese Testzahlung gibt es nicht.");
  const order = row.order as unknown as CheckoutOrder;
  const view: LocalCheckoutView = {
    id: row.id,
    status: row.status,
    openedBy: parseRecordId(order.metadata?.userId),
    order,
    totals: invoiceTotals(order.lines),
  };
  assertOpenedBy(view, userId);
  return view;
}

/**
 * "Pays" an open local checkout for the signed-in account `payerUserId` (null: no session), which
 * must be the one that opened it, in person: staff acting in its session (`acting`, support
 * access) never pay. Marks it complete, then delivers Stripe's events for the sale. Returns
 * where the customer goes next.
 */
export async function payLocalCheckout(
  id: string,
  payerUserId: number | null,
  opts: { acting?: Acting; now?: Date } = {},
): Promise<string> {
  assertNotImpersonating(opts.acting, "billing");
  const now = opts.now ?? new Date();
  assertLocal();
  const subscriptionId = idFrom("sub", id);
  const invoiceId = idFrom("in", id);
  const view = await loadLocalCheckout(id, payerUserId);
  // A double click pays once: only the request that moves the session from open completes it.
  const won = await db.localCheckoutSession.updateMany({
    where: { id, status: "open" },
    data: { status: "complete", completedAt: now, invoiceId, subscriptionId: view.order.mode === "subscription" ? subscriptionId : null },
  });
  if (won.count) {
    try {
      await deliver(
        saleEvents({
          sessionId: id,
          order: view.order,
          subscriptionId: view.order.mode === "subscription" ? subscriptionId : null,
          invoiceId,
          paidAt: now,
        }),
      );
    } catch (err) {
      // Stripe would retry its delivery; here the customer does, by paying again. The events keep
      // their ids and every effect is idempotent, so what did go through is not applied twice.
      await db.localCheckoutSession.updateMany({
        where: { id, status: "complete" },
        data: { status: "open", completedAt: null, invoiceId: null, subscriptionId: null },
      });
      throw err;
    }
  } else if (view.status === "expired") throw new AppError("conflict", "Diese Zahlung ist abgelaufen.");
  return view.order.successUrl.replace("{CHECKOUT_SESSION_ID}", id);
}

/** Abandons an open local checkout; like paying, only for the account that opened it, in person. */
export async function abandonLocalCheckout(id: string, userId: number | null, opts: { acting?: Acting } = {}): Promise<string> {
  assertNotImpersonating(opts.acting, "billing");
  assertLocal();
  const view = await loadLocalCheckout(id, userId);
  await db.localCheckoutSession.updateMany({ where: { id, status: "open" }, data: { status: "expired" } });
  return view.order.cancelUrl;
}

async function subscriptionEvent(subscriptionId: string, change: "cancel_at_period_end" | "cancel_now"): Promise<void> {
  const row = await db.localCheckoutSession.findUnique({ where: { subscriptionId } });
  if (!row?.completedAt) throw notFound(`Unknown local subscription ${subscriptionId}.`);
  const now = new Date();
  const state = { subscriptionId, order: row.order as unknown as CheckoutOrder, periodStart: row.completedAt, canceledAt: now };
  await deliver([
    change === "cancel_now"
      ? event("customer.subscription.deleted", subscriptionObject({ ...state, status: "canceled", cancelAtPeriodEnd: false }), now)
      : event("customer.subscription.updated", subscriptionObject({ ...state, status: "active", cancelAtPeriodEnd: true }), now),
  ]);
}

export const localProvider: PaymentProvider = {
  name: "local",
  webhookSecret: () => getConfig().billing.localWebhookSecret,
  async createCustomer({ userId }) {
    return `cus_local_${userId}`;
  },
  async createCheckout(order) {
    assertLocal();
    // Like Stripe's idempotency keys: a retried request opens the same checkout.
    const id = idFrom("cs", order.idempotencyKey);
    await db.localCheckoutSession.upsert({
      where: { id },
      create: { id, mode: order.mode, customerId: order.customerId, order: order as unknown as Prisma.InputJsonValue },
      update: {},
    });
    return { id, url: hubUrl(`/checkout/local/${id}`) };
  },
  async customerPortalUrl(_customerId, returnUrl) {
    return hubUrl(`/checkout/local/portal?return=${encodeURIComponent(returnUrl)}`);
  },
  async paymentCard(customerId) {
    // The test checkout "pays" with Stripe's test card: it is on file once a checkout was paid.
    const paid = await db.localCheckoutSession.count({ where: { customerId, status: "complete" } });
    return paid ? { ...LOCAL_TEST_CARD } : null;
  },
  cancelSubscriptionAtPeriodEnd: (subscriptionId) => subscriptionEvent(subscriptionId, "cancel_at_period_end"),
  cancelSubscriptionNow: (subscriptionId) => subscriptionEvent(subscriptionId, "cancel_now"),
  async fetchInvoicePdf({ stripeInvoiceId }) {
    // The local provider's invoice is the mirrored STR invoice, rendered like every invoice.
    const invoice = await db.invoice.findUnique({ where: { stripeInvoiceId }, select: { id: true } });
    if (!invoice) throw notFound(`No mirrored invoice for ${stripeInvoiceId}.`);
    const { renderInvoicePdf } = await import("@/lib/domains/billing/invoices/invoice-pdf");
    return renderInvoicePdf(invoice.id);
  },
};
