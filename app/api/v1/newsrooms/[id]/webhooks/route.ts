import { userIdOf } from "@/lib/adapters/api/handler";
import { NewsroomIdParams } from "@/lib/adapters/api/newsroom-schemas";
import { createEndpoint, listEndpoints } from "@/lib/adapters/api/webhooks";
import { WebhookEndpointInput } from "@/lib/adapters/api/webhook-schemas";
import { apiRoute, json } from "@/lib/core/http/route";

// The newsroom's webhook endpoints (docs/webhooks.md): owners list and create them.
export const GET = apiRoute(
  { route: "/api/v1/newsrooms/[id]/webhooks", auth: "token", rateLimit: "api", params: NewsroomIdParams },
  async (ctx) => json(await listEndpoints(userIdOf(ctx), ctx.params.id)),
);

export const POST = apiRoute(
  { route: "/api/v1/newsrooms/[id]/webhooks", auth: "token", rateLimit: "api", params: NewsroomIdParams, body: WebhookEndpointInput },
  async (ctx) => json(await createEndpoint(userIdOf(ctx), ctx.params.id, ctx.body), { status: 201 }),
);
