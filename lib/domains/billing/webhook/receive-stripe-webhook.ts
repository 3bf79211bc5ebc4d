import Stripe from "stripe";
import { getPaymentProvider } from "@/lib/domains/billing/provider";
import { recordConversionEvent } from "@/lib/domains/activity/conversion-events";
import { db } from "@/lib/core/db/client";
import { readBodyText } from "@/lib/core/http/body";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { JOB } from "@/lib/core/jobs/names";
import { completeCheckout } from "./complete-checkout";
import { mirrorProviderInvoice } from "./mirror-invoice";
import { checkoutSessionSchema, invoiceSchema, subscriptionSchema } from "./stripe-objects";
import { stopReplacedRenewals } from "./stop-replaced-renewals";
import { syncSubscription, type BookingEffects } from "./sync-subscription";

// The payment provider's webhook (spec 6.2): it confirms payments, mirrors invoices and applies
// paid changes. Verified on the raw body (Stripe-Signature, 300 s tolerance, so a captured
// delivery cannot be replayed later), deduplicated by event id in the same transaction as the
// effect, and quick: the provider PDF and the invoice mail follow in a job after the commit.

const MAX_BODY_BYTES = 512 * 1024;
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface WebhookAnswer {
  received: true;
  /** False for a repeat delivery or an event type we do not act on. */
  handled: boolean;
  result?: string;
}

interface AfterCommit extends BookingEffects {
  paidInvoiceIds: number[];
  convertedCompanyId: number | null;
}

async function userOfCustomer(customerId: string | null, fallbackUserId: string | undefined): Promise<number | null> {
  if (customerId) {
    const user = await db.user.findUnique({ where: { stripeCustomerId: customerId }, select: { id: true } });
    if (user) return user.id;
  }
  return parseRecordId(fallbackUserId);
}

async function handle(event: Stripe.Event): Promise<{ handled: boolean; result: string; after: AfterCommit }> {
  const after: AfterCommit = { paidInvoiceIds: [], convertedCompanyId: null, stopRenewal: [] };
  const object = event.data.object as unknown;
  const created = new Date(event.created * 1000);
  // Resolved before the transaction: a read of users, not part of the effect.
  const invoice = event.type.startsWith("invoice.") ? invoiceSchema.safeParse(object) : null;
  const invoiceUserId = invoice?.success
    ? await userOfCustomer(
        invoice.data.customer,
        invoice.data.metadata.userId ?? invoice.data.parent?.subscription_details?.metadata.userId,
      )
    : null;
  const result = await db.$transaction(
    async (tx) => {
      const fresh =
        await tx.$executeRaw`INSERT INTO stripe_events (id, type, processed_at) VALUES (${event.id}, ${event.type}, now()) ON CONFLICT (id) DO NOTHING`;
      if (!fresh) return "repeat delivery";
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          const session = checkoutSessionSchema.safeParse(object);
          if (!session.success) return "ignored: checkout session not understood";
          // Delayed payment methods complete the session unpaid; their success event follows.
          if (session.data.payment_status !== "paid" && session.data.payment_status !== "no_payment_required") return "waiting for payment";
          const outcome = await completeCheckout(tx, session.data, created, after);
          after.convertedCompanyId = outcome.companyId;
          return `${outcome.purpose}: ${outcome.result}`;
        }
        case "customer.subscription.created":
        case "customer.subscription.updated":
        case "customer.subscription.deleted":
        case "customer.subscription.paused":
        case "customer.subscription.resumed": {
          const sub = subscriptionSchema.safeParse(object);
          if (!sub.success) return "ignored: subscription not understood";
          const { applied } = await syncSubscription(tx, sub.data, created, after);
          return applied ? `subscription ${sub.data.status}` : "subscription: older state ignored";
        }
        case "invoice.finalized":
        case "invoice.paid":
        case "invoice.payment_succeeded":
        case "invoice.voided":
        case "invoice.marked_uncollectible": {
          if (!invoice?.success) return "ignored: invoice not understood";
          if (!invoiceUserId) return "ignored: unknown customer";
          const mirrored = await mirrorProviderInvoice(tx, invoice.data, invoiceUserId);
          if (mirrored?.becamePaid) after.paidInvoiceIds.push(mirrored.invoiceId);
          return mirrored ? `invoice ${invoice.data.status}` : "ignored: draft invoice";
        }
        default:
          return "ignored: event type";
      }
    },
    { timeout: 20_000 },
  );
  return { handled: result !== "repeat delivery" && !result.startsWith("ignored"), result, after };
}

/**
 * Verifies and handles one delivery. 400 for a missing or bad signature or a timestamp outside
 * the tolerance; event types we do not act on are acknowledged so Stripe does not retry them.
 */
export async function receiveStripeWebhook(request: Request): Promise<WebhookAnswer> {
  const secret = getPaymentProvider().webhookSecret();
  const raw = await readBodyText(request, MAX_BODY_BYTES);
  const signature = request.headers.get("stripe-signature");
  if (!signature) throw new AppError("bad_request", "The Stripe-Signature header is missing.");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(raw, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    throw new AppError("bad_request", "The webhook signature is not valid or too old.");
  }
  const { handled, result, after } = await handle(event);
  // Stage 5 of the funnel (spec 6.1): payment, once per newsroom on both payment paths.
  if (after.convertedCompanyId)
    await recordConversionEvent({
      stage: 5,
      source: "card",
      companyId: after.convertedCompanyId,
      dedupeKey: `stage5:company:${after.convertedCompanyId}`,
    });
  await stopReplacedRenewals(after.stopRenewal);
  for (const invoiceId of after.paidInvoiceIds) {
    await dispatchJob(JOB.storeProviderInvoice, { invoiceId }, { key: `store-provider-invoice:${invoiceId}` }).catch((err) =>
      console.error(`stripe webhook ${event.id}: invoice job not queued`, err),
    );
  }
  return { received: true, handled, result };
}
