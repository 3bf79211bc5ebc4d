import { userIdOf } from "@/lib/adapters/api/handler";
import { assertPlausibleAddresses, LegacyReleaseInput, toLegacy, toV1Input } from "@/lib/adapters/api/legacy";
import { deleteReleaseForUser, getReleaseForUser, updateReleaseForUser } from "@/lib/adapters/api/releases";
import { IdParams, ReleaseUpdate } from "@/lib/adapters/api/schemas";
import { apiRoute, json } from "@/lib/core/http/route";

export const GET = apiRoute({ route: "/service/pressreleases/[id]", auth: "token", rateLimit: "api", params: IdParams }, async (ctx) =>
  json(toLegacy(await getReleaseForUser(userIdOf(ctx), ctx.params.id))),
);

export const PUT = apiRoute(
  { route: "/service/pressreleases/[id]", auth: "token", rateLimit: "api", params: IdParams, body: LegacyReleaseInput.partial() },
  async (ctx) => {
    assertPlausibleAddresses(ctx.body);
    const input = ReleaseUpdate.parse({ ...toV1Input(ctx.body), submit: false });
    return json(toLegacy(await updateReleaseForUser(userIdOf(ctx), ctx.params.id, input)));
  },
);

export const DELETE = apiRoute({ route: "/service/pressreleases/[id]", auth: "token", rateLimit: "api", params: IdParams }, async (ctx) => {
  await deleteReleaseForUser(userIdOf(ctx), ctx.params.id);
  return new Response(null, { status: 204 });
});
