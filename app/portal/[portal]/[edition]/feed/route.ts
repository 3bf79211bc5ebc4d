import { editionFeed } from "@/lib/feeds/feeds";
import { feedNotFound, feedResponse, portalFeedParams } from "@/lib/feeds/respond";

export async function GET(_request: Request, { params }: { params: Promise<Record<string, string>> }) {
  const p = await portalFeedParams(params);
  return p ? feedResponse(await editionFeed(p.portal, p.edition)) : feedNotFound();
}
