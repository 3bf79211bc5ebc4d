import { cachedLlmsTxt } from "@/lib/adapters/public/cached-reads";
import { isPortal } from "@/lib/domains/sites";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ portal: string }> }) {
  const { portal } = await params;
  if (!isPortal(portal)) return new Response(null, { status: 404 });
  return new Response(await cachedLlmsTxt(portal), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300, s-maxage=3600" } });
}
