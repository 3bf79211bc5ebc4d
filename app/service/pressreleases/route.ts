import { userIdOf } from "@/lib/adapters/api/handler";
import {
  assertPlausibleAddresses,
  legacyNewsroom,
  LegacyListQuery,
  LegacyReleaseInput,
  toLegacy,
  toV1Input,
} from "@/lib/adapters/api/legacy";
import { createReleaseForUser, finishCreatedRelease, listReleasesForUser } from "@/lib/adapters/api/releases";
import { ReleaseInput } from "@/lib/adapters/api/schemas";
import { withIdempotency } from "@/lib/core/http/idempotency";
import { apiRoute, json } from "@/lib/core/http/route";

export const GET = apiRoute({ route: "/service/pressreleases", auth: "token", rateLimit: "api", query: LegacyListQuery }, async (ctx) => {
  const list = await listReleasesForUser(userIdOf(ctx), ctx.query);
  return json({ pressreleases: list.data.map(toLegacy), total: list.meta.total, page: list.meta.page });
});

export const POST = apiRoute(
  { route: "/service/pressreleases", auth: "token", rateLimit: "api", body: LegacyReleaseInput },
  async (ctx) => {
    const userId = userIdOf(ctx);
    assertPlausibleAddresses(ctx.body);
    const newsroom = await legacyNewsroom(userId, ctx.body);
    const input = ReleaseInput.parse({
      language: "de",
      ...toV1Input(ctx.body),
      newsroom_id: newsroom.id,
      portal: ctx.body.portal ?? newsroom.portals[0],
      submit: true,
    });
    return withIdempotency(ctx.request, `service:releases:${userId}`, ctx.body, {
      run: async (claim) => ({
        status: 201,
        body: toLegacy(await createReleaseForUser(userId, input, "legacy_api", { alsoInTransaction: claim.bindResource })),
      }),
      recover: async (id) => ({ status: 201, body: toLegacy(await finishCreatedRelease(userId, id, input)) }),
    });
  },
);
