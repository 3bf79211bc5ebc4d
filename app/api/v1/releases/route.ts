import { userIdOf } from "@/lib/api/handler";
import { createReleaseForUser, finishCreatedRelease, listReleasesForUser } from "@/lib/api/releases";
import { ListQuery, ReleaseInput } from "@/lib/api/schemas";
import { withIdempotency } from "@/lib/http/idempotency";
import { apiRoute, json } from "@/lib/http/route";

export const GET = apiRoute({ route: "/api/v1/releases", auth: "token", rateLimit: "api", query: ListQuery }, async (ctx) => json(await listReleasesForUser(userIdOf(ctx), ctx.query)));

export const POST = apiRoute({ route: "/api/v1/releases", auth: "token", rateLimit: "api", body: ReleaseInput }, async (ctx) =>
  withIdempotency(ctx.request, `v1:releases:${userIdOf(ctx)}`, ctx.body, {
    run: async (claim) => ({ status: 201, body: { data: await createReleaseForUser(userIdOf(ctx), ctx.body, "api", { alsoInTransaction: claim.bindResource }) } }),
    recover: async (id) => ({ status: 201, body: { data: await finishCreatedRelease(userIdOf(ctx), id, ctx.body) } }),
  }),
);
