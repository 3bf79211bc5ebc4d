import { newsroomFeed } from "@/lib/feeds/feeds";
import { feedNotFound, feedResponse, portalFeedParams } from "@/lib/feeds/respond";

export async function GET(_request: Request, { params }: { params: Promise<Record<string, string>> }) {
  const p = await portalFeedParams(params);
  return p?.slug ? feedResponse(await newsroomFeed(p.portal, p.edition, p.slug)) : feedNotFound();
}
