import { siteOgImage } from "@/lib/adapters/public/seo/site-og-image";
import { isPortal } from "@/lib/domains/sites";

// The portal's Open Graph picture for pages without one of their own.
export async function GET(_request: Request, ctx: { params: Promise<{ portal: string }> }) {
  const { portal } = await ctx.params;
  if (!isPortal(portal)) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(await siteOgImage(portal)), {
    headers: { "content-type": "image/png", "cache-control": "public, max-age=86400, s-maxage=86400" },
  });
}
