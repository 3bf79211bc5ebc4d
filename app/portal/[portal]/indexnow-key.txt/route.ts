import { indexNowKey } from "@/lib/adapters/public/seo/indexnow/indexnow-key";
import { isPortal } from "@/lib/domains/sites";

// GET /indexnow-key.txt on a portal host: the IndexNow key file (keyLocation of every ping).
// The portal comes from the middleware's rewrite by Host, never from the query.
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ portal: string }> }) {
  const { portal } = await params;
  if (!isPortal(portal)) return new Response(null, { status: 404 });
  return new Response(indexNowKey(portal), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
