import { legacyView } from "@/lib/public/legacy-view";
import { isPortal } from "@/lib/sites";

export async function GET(_request: Request, { params }: { params: Promise<{ portal: string; id: string }> }) {
  const { portal, id } = await params;
  if (!isPortal(portal) || !/^\d{1,10}$/.test(id)) return new Response("Not found.\n", { status: 404 });
  return legacyView(portal, Number(id));
}
