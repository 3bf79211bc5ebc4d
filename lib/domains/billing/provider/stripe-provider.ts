import Stripe from "stripe";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors/errors";
import type { CardSummary, CheckoutOrder, PaymentProvider } from "./types";

let client: Stripe | null = null;
const MAX_PDF_BYTES = 10 * 1024 * 1024;

/** The SDK client, built once; host, port and protocol come from configuration so tests can run it against a local server. */
export function stripeClient(): Stripe {
  if (client) return client;
  const { stripeSecretKey, stripeApi } = getConfig().billing;
  if (!stripeSecretKey) throw new AppError("service_unavailable", "Stripe is not configured.");
  client = new Stripe(stripeSecretKey, { maxNetworkRetries: 2, timeout: 15_000, telemetry: false, ...(stripeApi ?? {}) });
  return client;
}

export function resetStripeClientForTests(): void {
  client = null;
}

function lineItems(order: CheckoutOrder): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const { stripeTaxRateId, stripePriceChange } = getConfig().billing;
  const taxRates = stripeTaxRateId ? { tax_rates: [stripeTaxRateId] } : {};
  if (order.purpose === "change" && stripePriceChange) return [{ price: stripePriceChange, quantity: 1, ...taxRates }];
  return order.lines.map((line) => ({
    quantity: line.quantity,
    ...taxRates,
    price_data: {
      currency: "eur",
      unit_amount: line.unitNetCents,
      tax_behavior: "exclusive",
      product_data: { name: line.description },
      ...(order.mode === "subscription" ? { recurring: { interval: "month" as const } } : {}),
    },
  }));
}

/**
 * Provider PDFs come from Stripe's own hosts (or the configured API host in tests): the URL is
 * taken from a signed event, but a fetch to anywhere else would still be a request forgery.
 */
function isProviderUrl(url: URL): boolean {
  const api = getConfig().billing.stripeApi;
  if (api && url.hostname === api.host) return true;
  return url.protocol === "https:" && (url.hostname === "stripe.com" || url.hostname.endsWith(".stripe.com"));
}

function cardOf(method: string | Stripe.PaymentMethod | null | undefined): CardSummary | null {
  if (!method || typeof method === "string" || !method.card) return null;
  const { brand, last4, exp_month, exp_year } = method.card;
  return { brand, last4, expMonth: exp_month, expYear: exp_year };
}

// The billing page waits for these reads: a slow Stripe shows "not available" rather than a stalled page.
const PAGE_READ = { timeout: 4_000, maxNetworkRetries: 0 } as const;

export const stripeProvider: PaymentProvider = {
  name: "stripe",
  webhookSecret() {
    const secret = getConfig().billing.stripeWebhookSecret;
    if (!secret) throw new AppError("service_unavailable", "Stripe webhooks are not configured.");
    return secret;
  },
  async createCustomer({ userId, email, name }) {
    const customer = await stripeClient().customers.create(
      { email, name, metadata: { userId: String(userId) } },
      { idempotencyKey: `customer-user-${userId}` },
    );
    return customer.id;
  },
  async createCheckout(order) {
    const metadata = order.metadata;
    const session = await stripeClient().checkout.sessions.create(
      {
        mode: order.mode,
        customer: order.customerId,
        client_reference_id: metadata.userId,
        line_items: lineItems(order),
        metadata,
        locale: "de",
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
        ...(order.expiresAt ? { expires_at: Math.floor(order.expiresAt.getTime() / 1000) } : {}),
        // The subscription and the one-off invoice carry the order too, so their own events can be placed.
        ...(order.mode === "subscription"
          ? { subscription_data: { metadata } }
          : { invoice_creation: { enabled: true, invoice_data: { metadata } }, payment_intent_data: { metadata } }),
      },
      { idempotencyKey: order.idempotencyKey },
    );
    if (!session.url) throw new AppError("service_unavailable", "Stripe opened no checkout page.");
    return { id: session.id, url: session.url };
  },
  async customerPortalUrl(customerId, returnUrl) {
    const session = await stripeClient().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale: "de" });
    return session.url;
  },
  async paymentCard(customerId) {
    // Checkout stores the card on the subscription, the customer portal as the customer's
    // default: the default first, else the newest card of the customer.
    const customer = await stripeClient().customers.retrieve(
      customerId,
      { expand: ["invoice_settings.default_payment_method"] },
      PAGE_READ,
    );
    if (customer.deleted) return null;
    const preferred = cardOf(customer.invoice_settings?.default_payment_method);
    if (preferred) return preferred;
    const cards = await stripeClient().customers.listPaymentMethods(customerId, { type: "card", limit: 1 }, PAGE_READ);
    return cardOf(cards.data[0]);
  },
  async cancelSubscriptionAtPeriodEnd(subscriptionId) {
    await stripeClient().subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  },
  async cancelSubscriptionNow(subscriptionId) {
    await stripeClient().subscriptions.cancel(subscriptionId);
  },
  async fetchInvoicePdf({ stripeInvoiceId, pdfUrl }) {
    const url = pdfUrl ?? (await stripeClient().invoices.retrieve(stripeInvoiceId)).invoice_pdf;
    if (!url) throw new AppError("service_unavailable", `Stripe has no PDF for invoice ${stripeInvoiceId} yet.`);
    // Redirects are followed by hand so every hop is checked against Stripe's hosts.
    let target = new URL(url);
    for (let hop = 0; hop < 4; hop++) {
      if (!isProviderUrl(target)) throw new AppError("service_unavailable", `Refusing to fetch an invoice PDF from ${target.hostname}.`);
      const response = await fetch(target, { redirect: "manual", signal: AbortSignal.timeout(20_000) });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        target = new URL(location, target);
        continue;
      }
      if (!response.ok)
        throw new AppError("service_unavailable", `Stripe answered ${response.status} for the PDF of invoice ${stripeInvoiceId}.`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > MAX_PDF_BYTES)
        throw new AppError("service_unavailable", `The PDF of invoice ${stripeInvoiceId} is larger than ${MAX_PDF_BYTES} bytes.`);
      return bytes;
    }
    throw new AppError("service_unavailable", `Too many redirects for the PDF of invoice ${stripeInvoiceId}.`);
  },
};
