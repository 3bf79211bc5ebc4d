import { parseRecordId } from "@/lib/core/input/ids";
import { recordBeaconView } from "@/lib/domains/analytics/fetches";
import { afterResponse } from "@/lib/core/http/after-response";
import { clientKeyOf } from "@/lib/core/security/client-ip";
import { isPortal } from "@/lib/domains/sites";

// A transparent 1×1 GIF: the release page loads it, so views count even when a CDN served the page.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function GET(request: Request, { params }: { params: Promise<{ portal: string; id: string }> }) {
  const { portal, id } = await params;
  const releaseId = parseRecordId(id);
  if (isPortal(portal) && releaseId !== null) {
    const booking = {
      pressReleaseId: releaseId,
      portal,
      userAgent: request.headers.get("user-agent"),
      clientKey: clientKeyOf(request.headers),
    };
    // The same pixel whether or not the view is booked (throttled per client and release).
    afterResponse(async () => void (await recordBeaconView(booking)));
  }
  return new Response(PIXEL, { headers: { "content-type": "image/gif", "cache-control": "no-store", "x-robots-tag": "noindex" } });
}
