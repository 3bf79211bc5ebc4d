import { userIdOf } from "@/lib/adapters/api/handler";
import { deleteReleaseForUser, getReleaseForUser, updateReleaseForUser } from "@/lib/adapters/api/releases";
import { IdParams, ReleaseUpdate } from "@/lib/adapters/api/schemas";
import { apiRoute, json } from "@/lib/core/http/route";

export const GET = apiRoute({ route: "/api/v1/releases/[id]", auth: "token", rateLimit: "api", params: IdParams }, async (ctx) =>
  json({ data: await getReleaseForUser(userIdOf(ctx), ctx.params.id) }),
);

export const PUT = apiRoute(
  { route: "/api/v1/releases/[id]", auth: "token", rateLimit: "api", params: IdParams, body: ReleaseUpdate },
  async (ctx) => json({ data: await updateReleaseForUser(userIdOf(ctx), ctx.params.id, ctx.body) }),
);

export const DELETE = apiRoute({ route: "/api/v1/releases/[id]", auth: "token", rateLimit: "api", params: IdParams }, async (ctx) => {
  await deleteReleaseForUser(userIdOf(ctx), ctx.params.id);
  return new Response(null, { status: 204 });
});
