import { receiveResendWebhook } from "@/lib/mail/bounces/resend-webhook";
import { apiRoute, json } from "@/lib/http/route";

// POST /api/webhooks/resend: Resend delivery events (bounce, complaint, failure, suppression), Svix-signed.
export const POST = apiRoute({}, async ({ request }) => json(await receiveResendWebhook(request)));
