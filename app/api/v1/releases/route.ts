import { userIdOf } from "@/lib/adapters/api/handler";
import { createReleaseForUser, finishCreatedRelease, listReleasesForUser } from "@/lib/adapters/api/releases";
import { ListQuery, ReleaseInput } from "@/lib/adapters/api/schemas";
import { withIdempotency } from "@/lib/core/http/idempotency";
import { apiRoute, json } from "@/lib/core/http/route";

export const GET = apiRoute({ route: "/api/v1/releases", auth: "token", rateLimit: "api", query: ListQuery }, async (ctx) =>
  json(await listReleasesForUser(userIdOf(ctx), ctx.query)),
);

export const POST = apiRoute({ route: "/api/v1/releases", auth: "token", rateLimit: "api", body: ReleaseInput }, async (ctx) =>
  withIdempotency(ctx.request, `v1:releases:${userIdOf(ctx)}`, ctx.body, {
    run: async (claim) => ({
      status: 201,
      body: { data: await createReleaseForUser(userIdOf(ctx), ctx.body, "api", { alsoInTransaction: claim.bindResource }) },
    }),
    recover: async (id) => ({ status: 201, body: { data: await finishCreatedRelease(userIdOf(ctx), id, ctx.body) } }),
  }),
);
