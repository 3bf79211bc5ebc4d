import { cachedEditionFeed } from "@/lib/adapters/public/cached-reads";
import { feedNotFound, portalFeedParams } from "@/lib/adapters/public/feeds/respond";
import { serveFeed } from "@/lib/adapters/public/feeds/serve";

export async function GET(request: Request, { params }: { params: Promise<Record<string, string>> }) {
  const p = await portalFeedParams(params);
  return p ? serveFeed(request, await cachedEditionFeed(p.portal, p.edition), { kind: "main", key: "main", ...p }) : feedNotFound();
}
