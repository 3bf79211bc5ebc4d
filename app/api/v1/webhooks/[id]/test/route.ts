import { userIdOf } from "@/lib/adapters/api/handler";
import { sendTest } from "@/lib/adapters/api/webhooks";
import { WebhookIdParams } from "@/lib/adapters/api/webhook-schemas";
import { apiRoute, json } from "@/lib/core/http/route";

// A `webhook.test` message to this endpoint, delivered and logged like every other message.
export const POST = apiRoute(
  { route: "/api/v1/webhooks/[id]/test", auth: "token", rateLimit: "api", params: WebhookIdParams },
  async (ctx) => json(await sendTest(userIdOf(ctx), ctx.params.id), { status: 202 }),
);
