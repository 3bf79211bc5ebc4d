import { userIdOf } from "@/lib/adapters/api/handler";
import { deliveryLog } from "@/lib/adapters/api/webhooks";
import { DeliveryLogQuery, WebhookIdParams } from "@/lib/adapters/api/webhook-schemas";
import { apiRoute, json } from "@/lib/core/http/route";

// The endpoint's delivery log, newest first, with each message's attempts.
export const GET = apiRoute(
  { route: "/api/v1/webhooks/[id]/deliveries", auth: "token", rateLimit: "api", params: WebhookIdParams, query: DeliveryLogQuery },
  async (ctx) => json(await deliveryLog(userIdOf(ctx), ctx.params.id, ctx.query)),
);
