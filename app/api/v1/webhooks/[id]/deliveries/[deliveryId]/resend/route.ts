import { userIdOf } from "@/lib/adapters/api/handler";
import { resend } from "@/lib/adapters/api/webhooks";
import { WebhookDeliveryParams } from "@/lib/adapters/api/webhook-schemas";
import { apiRoute, json } from "@/lib/core/http/route";

// Sends one logged message again now, with its webhook-id, and answers with the receiver's status.
export const POST = apiRoute(
  { route: "/api/v1/webhooks/[id]/deliveries/[deliveryId]/resend", auth: "token", rateLimit: "api", params: WebhookDeliveryParams },
  async (ctx) => json(await resend(userIdOf(ctx), ctx.params.id, ctx.params.deliveryId)),
);
