import { userIdOf } from "@/lib/api/handler";
import { newsroomsOf } from "@/lib/api/releases";
import { apiRoute, json } from "@/lib/http/route";

export const GET = apiRoute({ auth: "token", rateLimit: "api" }, async (ctx) =>
  json({ data: (await newsroomsOf(userIdOf(ctx))).map((n) => ({ id: n.id, name: n.name, slug: n.slug, portals: n.portals, role: n.role })) }),
);
