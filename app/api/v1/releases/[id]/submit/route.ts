import { userIdOf } from "@/lib/api/handler";
import { submitReleaseForUser } from "@/lib/api/releases";
import { IdParams } from "@/lib/api/schemas";
import { withIdempotency } from "@/lib/http/idempotency";
import { apiRoute } from "@/lib/http/route";

export const POST = apiRoute({ route: "/api/v1/releases/[id]/submit", auth: "token", rateLimit: "api", params: IdParams }, async (ctx) =>
  withIdempotency(ctx.request, `v1:submit:${userIdOf(ctx)}:${ctx.params.id}`, null, { run: async () => ({ status: 202, body: { data: await submitReleaseForUser(userIdOf(ctx), ctx.params.id) } }) }),
);
