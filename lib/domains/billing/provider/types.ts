// The payment-provider port (design.md: a real adapter and an embedded one). The real adapter
// is Stripe through its SDK; the embedded default's local checkout takes the same orders and
// answers with Stripe-shaped webhook events signed as Stripe signs them, so the one webhook
// route (lib/domains/billing/webhook) confirms every payment on both.

export type CheckoutPurpose = "booking" | "credits" | "boost" | "change";

export interface CheckoutLine {
  /** What the customer buys, as it appears on the checkout page and the provider invoice. */
  description: string;
  /** Net unit price; VAT (lib/domains/prices/catalog.ts) comes on top. */
  unitNetCents: number;
  quantity: number;
}

export interface CheckoutOrder {
  purpose: CheckoutPurpose;
  /** `subscription` bills the single line monthly; `payment` charges once. */
  mode: "subscription" | "payment";
  /** The provider customer of the account (ensureProviderCustomer). */
  customerId: string;
  lines: CheckoutLine[];
  /**
   * Copied to the checkout session (and for subscriptions to the subscription): the webhook
   * reads the order back from it. Always holds `purpose` and `userId`.
   */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** The offer lapses at this instant (paid changes); the provider's own default otherwise. */
  expiresAt?: Date;
  /** A retried request for the same order opens the same checkout. */
  idempotencyKey: string;
}

/** The card a customer pays with, as the provider's customer portal shows it. */
export interface CardSummary {
  /** The provider's brand key ("visa", "mastercard", "amex", ...). */
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export interface PaymentProvider {
  readonly name: "stripe" | "local";
  /** The secret the webhook verifies this provider's events with. */
  webhookSecret(): string;
  createCustomer(customer: { userId: number; email: string; name: string }): Promise<string>;
  createCheckout(order: CheckoutOrder): Promise<{ id: string; url: string }>;
  /** Where the customer manages the payment method and sees provider receipts. */
  customerPortalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** The card on file for the customer's payments; null when there is none (or no card at all). */
  paymentCard(customerId: string): Promise<CardSummary | null>;
  /** Notice given (§312k BGB): the subscription ends with its current period. */
  cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Ends a subscription at once (withdrawal, ended grandfathering of a card customer). */
  cancelSubscriptionNow(subscriptionId: string): Promise<void>;
  /** The provider's PDF of one of its invoices, fetched once and stored by the caller. */
  fetchInvoicePdf(invoice: { stripeInvoiceId: string; pdfUrl: string | null }): Promise<Uint8Array>;
}
