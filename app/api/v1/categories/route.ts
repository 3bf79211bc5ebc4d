import "@/lib/adapters/api/handler";
import { CategoryQuery } from "@/lib/adapters/api/schemas";
import { activeCategories } from "@/lib/adapters/api/categories";
import { apiRoute, json } from "@/lib/core/http/route";

export const GET = apiRoute({ route: "/api/v1/categories", auth: "token", rateLimit: "api", query: CategoryQuery }, async (ctx) => {
  return json({ data: await activeCategories(ctx.query.portal) });
});
