import { cachedCorrectionsFeed } from "@/lib/adapters/public/cached-corrections";
import { feedNotFound, portalFeedParams } from "@/lib/adapters/public/feeds/respond";
import { serveFeed } from "@/lib/adapters/public/feeds/serve";

// GET /{edition}/corrections/feed: the correction log as RSS 2.0 (spec 4.4), in the other feeds' format.
export async function GET(request: Request, { params }: { params: Promise<Record<string, string>> }) {
  const p = await portalFeedParams(params);
  return p
    ? serveFeed(request, await cachedCorrectionsFeed(p.portal, p.edition), { kind: "corrections", key: "corrections", ...p })
    : feedNotFound();
}
