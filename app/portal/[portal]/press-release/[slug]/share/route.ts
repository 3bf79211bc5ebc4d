import { z } from "zod";
import { ShareInput, shareRelease } from "@/lib/domains/analytics/shares";
import { apiRoute, json } from "@/lib/core/http/route";
import { PORTALS } from "@/lib/domains/sites";

const Params = z.object({ portal: z.enum(PORTALS), slug: z.string().min(1).max(200) });

// Throttled per client (hashed IP), 30 per minute (spec 8).
export const POST = apiRoute(
  { route: "/portal/[portal]/press-release/[slug]/share", rateLimit: "share", params: Params, body: ShareInput },
  async (ctx) => json(await shareRelease(ctx.params.portal, ctx.params.slug, ctx.body), { status: 201 }),
);
