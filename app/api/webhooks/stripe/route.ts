import { receiveStripeWebhook } from "@/lib/billing/webhook/receive-stripe-webhook";
import { apiRoute, json } from "@/lib/http/route";
import { observeWebhook } from "@/lib/observability/webhook-failures";

// POST /api/webhooks/stripe: payment-provider events (Stripe, or the embedded local checkout), signed with Stripe-Signature.
// Failures (refused signatures, processing errors) are counted for the operations watch.
export const POST = apiRoute({ route: "/api/webhooks/stripe" }, async ({ request }) => json(await observeWebhook("stripe", () => receiveStripeWebhook(request))));
