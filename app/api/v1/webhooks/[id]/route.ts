import { userIdOf } from "@/lib/adapters/api/handler";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/adapters/api/webhooks";
import { WebhookEndpointUpdate, WebhookIdParams } from "@/lib/adapters/api/webhook-schemas";
import { apiRoute, json } from "@/lib/core/http/route";

export const GET = apiRoute({ route: "/api/v1/webhooks/[id]", auth: "token", rateLimit: "api", params: WebhookIdParams }, async (ctx) =>
  json(await getEndpoint(userIdOf(ctx), ctx.params.id)),
);

export const PATCH = apiRoute(
  { route: "/api/v1/webhooks/[id]", auth: "token", rateLimit: "api", params: WebhookIdParams, body: WebhookEndpointUpdate },
  async (ctx) => json(await updateEndpoint(userIdOf(ctx), ctx.params.id, ctx.body)),
);

export const DELETE = apiRoute(
  { route: "/api/v1/webhooks/[id]", auth: "token", rateLimit: "api", params: WebhookIdParams },
  async (ctx) => {
    await deleteEndpoint(userIdOf(ctx), ctx.params.id);
    return new Response(null, { status: 204 });
  },
);
