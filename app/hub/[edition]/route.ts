import { hubLandingResponse } from "@/components/hub/landing/hub-landing-route";
import { keptByRoute } from "@/lib/adapters/public/stored-answers/route-keeps";

// The hub's front page in English; the German one is the hub's root.
export async function GET(request: Request, ctx: { params: Promise<{ edition: string }> }) {
  const { edition } = await ctx.params;
  if (edition === "en") return keptByRoute(request, () => hubLandingResponse("en"));
  if (edition === "de") return new Response(null, { status: 308, headers: { location: "/" } });
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
}
