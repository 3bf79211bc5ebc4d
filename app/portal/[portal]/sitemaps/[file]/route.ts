import { cachedPagesSitemap, cachedReleaseChunk } from "@/lib/adapters/public/cached-reads";
import { SITEMAP_CACHE_CONTROL } from "@/lib/adapters/public/seo/sitemap";
import { xmlResponse } from "@/lib/adapters/public/seo/xml";
import { isPortal } from "@/lib/domains/sites";

// Always read at request time: what is public changes with every publication.
export const dynamic = "force-dynamic";

const notFound = () => new Response("Not found.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

export async function GET(_request: Request, { params }: { params: Promise<{ portal: string; file: string }> }) {
  const { portal, file } = await params;
  if (!isPortal(portal)) return notFound();
  if (file === "pages.xml") return xmlResponse(await cachedPagesSitemap(portal), SITEMAP_CACHE_CONTROL);
  const chunk = /^releases-(\d{1,6})\.xml$/.exec(file);
  const xml = chunk ? await cachedReleaseChunk(portal, Number(chunk[1])) : null;
  return xml ? xmlResponse(xml, SITEMAP_CACHE_CONTROL) : notFound();
}
