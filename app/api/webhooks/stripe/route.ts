import { receiveStripeWebhook } from "@/lib/domains/billing/webhook/receive-stripe-webhook";
import { apiRoute, json } from "@/lib/core/http/route";
import { observeWebhook } from "@/lib/adapters/operations/webhook-failures";

// POST /api/webhooks/stripe: payment-provider events (Stripe, or the embedded local checkout), signed with Stripe-Signature.
// Failures (refused signatures, processing errors) are counted for the operations watch.
export const POST = apiRoute({ route: "/api/webhooks/stripe" }, async ({ request }) =>
  json(await observeWebhook("stripe", () => receiveStripeWebhook(request))),
);
