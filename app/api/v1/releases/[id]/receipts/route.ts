import { userIdOf } from "@/lib/adapters/api/handler";
import { listReceiptsForUser } from "@/lib/adapters/api/receipts";
import { IdParams } from "@/lib/adapters/api/schemas";
import { apiRoute, json } from "@/lib/core/http/route";

// GET /api/v1/releases/{id}/receipts: the release's signed publication receipts, newest first.
export const GET = apiRoute({ route: "/api/v1/releases/[id]/receipts", auth: "token", rateLimit: "api", params: IdParams }, async (ctx) =>
  json({ data: await listReceiptsForUser(userIdOf(ctx), ctx.params.id) }),
);
