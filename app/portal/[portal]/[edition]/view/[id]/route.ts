import { parseRecordId } from "@/lib/core/input/ids";
import { legacyView } from "@/lib/adapters/public/legacy-view";
import { isEdition, isPortal } from "@/lib/domains/sites";

// GET /{edition}/view/{id}: the legacy view_url of an English release (spec 4.1), 301 to its page.
export async function GET(_request: Request, { params }: { params: Promise<{ portal: string; edition: string; id: string }> }) {
  const { portal, edition, id } = await params;
  const releaseId = parseRecordId(id);
  if (!isPortal(portal) || !isEdition(edition) || releaseId === null) return new Response("Not found.\n", { status: 404 });
  return legacyView(portal, releaseId, { edition });
}
