import { cachedSitemapIndex } from "@/lib/public/cached-reads";
import { SITEMAP_CACHE_CONTROL } from "@/lib/seo/sitemap";
import { xmlResponse } from "@/lib/seo/xml";
import { isPortal } from "@/lib/sites";

// Always read at request time: what is public changes with every publication.
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ portal: string }> }) {
  const { portal } = await params;
  if (!isPortal(portal)) return new Response(null, { status: 404 });
  return xmlResponse(await cachedSitemapIndex(portal), SITEMAP_CACHE_CONTROL);
}
