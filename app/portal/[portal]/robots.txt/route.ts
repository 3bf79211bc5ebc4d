import { robotsTxt } from "@/lib/adapters/public/seo/robots";
import { isPortal } from "@/lib/domains/sites";

// Always read at request time: what is public changes with every publication.
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ portal: string }> }) {
  const { portal } = await params;
  if (!isPortal(portal)) return new Response(null, { status: 404 });
  return new Response(robotsTxt(portal), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
