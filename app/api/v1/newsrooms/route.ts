import { userIdOf } from "@/lib/adapters/api/handler";
import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";
import { apiRoute, json } from "@/lib/core/http/route";

export const GET = apiRoute({ route: "/api/v1/newsrooms", auth: "token", rateLimit: "api" }, async (ctx) =>
  json({
    data: (await newsroomsOfUser(userIdOf(ctx))).map((n) => ({ id: n.id, name: n.name, slug: n.slug, portals: n.portals, role: n.role })),
  }),
);
