import { receiveResendWebhook } from "@/lib/domains/mail/bounces/resend-webhook";
import { apiRoute, json } from "@/lib/core/http/route";
import { observeWebhook } from "@/lib/adapters/operations/webhook-failures";

// POST /api/webhooks/resend: Resend delivery events (bounce, complaint, failure, suppression), Svix-signed.
// Failures (refused signatures, processing errors) are counted for the operations watch.
export const POST = apiRoute({ route: "/api/webhooks/resend" }, async ({ request }) =>
  json(await observeWebhook("resend", () => receiveResendWebhook(request))),
);
