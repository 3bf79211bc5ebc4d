import { receiveStripeWebhook } from "@/lib/billing/webhook/receive-stripe-webhook";
import { apiRoute, json } from "@/lib/http/route";

// POST /api/webhooks/stripe: payment-provider events (Stripe, or the embedded local checkout), signed with Stripe-Signature.
export const POST = apiRoute({}, async ({ request }) => json(await receiveStripeWebhook(request)));
