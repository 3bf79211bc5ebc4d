import { cachedSitemapIndex } from "@/lib/adapters/public/cached-reads";
import { SITEMAP_CACHE_CONTROL } from "@/lib/adapters/public/seo/sitemap";
import { xmlResponse } from "@/lib/adapters/public/seo/xml";
import { isPortal } from "@/lib/domains/sites";

// Always read at request time: what is public changes with every publication.
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ portal: string }> }) {
  const { portal } = await params;
  if (!isPortal(portal)) return new Response(null, { status: 404 });
  return xmlResponse(await cachedSitemapIndex(portal), SITEMAP_CACHE_CONTROL);
}
