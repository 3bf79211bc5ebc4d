import { hubEditionFeed } from "@/lib/feeds/hub-redirects";
import { feedNotFound, feedResponse } from "@/lib/feeds/respond";
import { isEdition } from "@/lib/sites";

export async function GET(_request: Request, { params }: { params: Promise<{ edition: string }> }) {
  const { edition } = await params;
  return isEdition(edition) ? feedResponse(hubEditionFeed(edition)) : feedNotFound();
}
