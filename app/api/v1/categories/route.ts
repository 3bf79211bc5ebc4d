import "@/lib/api/handler";
import { CategoryQuery } from "@/lib/api/schemas";
import { activeCategories } from "@/lib/api/categories";
import { apiRoute, json } from "@/lib/http/route";

export const GET = apiRoute({ route: "/api/v1/categories", auth: "token", rateLimit: "api", query: CategoryQuery }, async (ctx) => {
  return json({ data: await activeCategories(ctx.query.portal) });
});
