import { z } from "zod";
import { ShareInput, shareRelease } from "@/lib/domains/analytics/shares";
import { apiRoute, json } from "@/lib/core/http/route";
import { readShareForm } from "@/lib/adapters/public/reader-pages/share-form";
import { PORTALS } from "@/lib/domains/sites";

const Params = z.object({ portal: z.enum(PORTALS), slug: z.string().min(1).max(200) });

// Throttled per client (hashed IP), 30 per minute (spec 8).
const shareByScript = apiRoute(
  { route: "/portal/[portal]/press-release/[slug]/share", rateLimit: "share", params: Params, body: ShareInput },
  async (ctx) => json(await shareRelease(ctx.params.portal, ctx.params.slug, ctx.body), { status: 201 }),
);

// The share buttons as plain forms (no JavaScript): logged alike, then 303 to the network.
const shareByForm = apiRoute({ route: "/portal/[portal]/press-release/[slug]/share", rateLimit: "share", params: Params }, async (ctx) => {
  const { target } = await shareRelease(ctx.params.portal, ctx.params.slug, await readShareForm(ctx.request));
  return new Response(null, { status: 303, headers: { location: target, "cache-control": "no-store" } });
});

export function POST(request: Request, ctx: { params: Promise<Record<string, string | string[]>> }) {
  const form = /^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "");
  return form ? shareByForm(request, ctx) : shareByScript(request, ctx);
}
