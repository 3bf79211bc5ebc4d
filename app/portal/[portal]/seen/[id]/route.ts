import { parseRecordId } from "@/lib/input/ids";
import { recordView } from "@/lib/analytics/fetches";
import { afterResponse } from "@/lib/http/after-response";
import { isPortal } from "@/lib/sites";

// A transparent 1×1 GIF: the release page loads it, so views count even when a CDN served the page.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function GET(request: Request, { params }: { params: Promise<{ portal: string; id: string }> }) {
  const { portal, id } = await params;
  const releaseId = parseRecordId(id);
  if (isPortal(portal) && releaseId !== null) {
    const userAgent = request.headers.get("user-agent");
    afterResponse(async () => void (await recordView(releaseId, portal, userAgent)));
  }
  return new Response(PIXEL, { headers: { "content-type": "image/gif", "cache-control": "no-store", "x-robots-tag": "noindex" } });
}
