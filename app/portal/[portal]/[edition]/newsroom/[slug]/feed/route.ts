import { servedNewsroomFeed } from "@/lib/adapters/public/cached-reads";
import { feedNotFound, portalFeedParams } from "@/lib/adapters/public/feeds/respond";
import { serveFeed } from "@/lib/adapters/public/feeds/serve";

export async function GET(request: Request, { params }: { params: Promise<Record<string, string>> }) {
  const p = await portalFeedParams(params);
  return p?.slug
    ? serveFeed(request, await servedNewsroomFeed(p.portal, p.edition, p.slug), {
        kind: "newsroom",
        key: p.slug,
        portal: p.portal,
        edition: p.edition,
      })
    : feedNotFound();
}
