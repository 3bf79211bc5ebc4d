import { recordView } from "@/lib/analytics/fetches";
import { afterResponse } from "@/lib/http/after-response";
import { isPortal } from "@/lib/sites";

// A transparent 1×1 GIF: the release page loads it, so views count even when a CDN served the page.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function GET(request: Request, { params }: { params: Promise<{ portal: string; id: string }> }) {
  const { portal, id } = await params;
  if (isPortal(portal) && /^[1-9]\d{0,9}$/.test(id)) {
    const userAgent = request.headers.get("user-agent");
    afterResponse(async () => void (await recordView(Number(id), portal, userAgent)));
  }
  return new Response(PIXEL, { headers: { "content-type": "image/gif", "cache-control": "no-store", "x-robots-tag": "noindex" } });
}
