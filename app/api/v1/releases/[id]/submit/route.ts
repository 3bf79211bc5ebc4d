import { userIdOf } from "@/lib/adapters/api/handler";
import { submitReleaseForUser } from "@/lib/adapters/api/releases";
import { IdParams } from "@/lib/adapters/api/schemas";
import { withIdempotency } from "@/lib/core/http/idempotency";
import { apiRoute } from "@/lib/core/http/route";

export const POST = apiRoute({ route: "/api/v1/releases/[id]/submit", auth: "token", rateLimit: "api", params: IdParams }, async (ctx) =>
  withIdempotency(ctx.request, `v1:submit:${userIdOf(ctx)}:${ctx.params.id}`, null, {
    run: async () => ({ status: 202, body: { data: await submitReleaseForUser(userIdOf(ctx), ctx.params.id) } }),
  }),
);
