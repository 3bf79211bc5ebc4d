import { userIdOf } from "@/lib/adapters/api/handler";
import { rotateSecret } from "@/lib/adapters/api/webhooks";
import { WebhookIdParams } from "@/lib/adapters/api/webhook-schemas";
import { apiRoute, json } from "@/lib/core/http/route";

// A new signing secret; the old one signs beside it for 24 hours.
export const POST = apiRoute(
  { route: "/api/v1/webhooks/[id]/rotate-secret", auth: "token", rateLimit: "api", params: WebhookIdParams },
  async (ctx) => json(await rotateSecret(userIdOf(ctx), ctx.params.id)),
);
