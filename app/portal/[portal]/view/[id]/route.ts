import { parseRecordId } from "@/lib/core/input/ids";
import { legacyView } from "@/lib/adapters/public/legacy-view";
import { isPortal } from "@/lib/domains/sites";

export async function GET(_request: Request, { params }: { params: Promise<{ portal: string; id: string }> }) {
  const { portal, id } = await params;
  const releaseId = parseRecordId(id);
  if (!isPortal(portal) || releaseId === null) return new Response("Not found.\n", { status: 404 });
  return legacyView(portal, releaseId);
}
