import { siteOgImage } from "@/lib/adapters/public/seo/site-og-image";

// The hub's Open Graph picture (its front page).
export async function GET() {
  return new Response(new Uint8Array(await siteOgImage("hub")), {
    headers: { "content-type": "image/png", "cache-control": "public, max-age=86400, s-maxage=86400" },
  });
}
