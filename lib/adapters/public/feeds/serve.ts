import type { FeedKind } from "@/lib/generated/prisma/client";
import { afterResponse } from "@/lib/core/http/after-response";
import type { FeedResult } from "./feeds";
import { noteRenderFacts } from "@/lib/adapters/public/stored-answers/render-facts";
import { recordFeedFetch } from "./fetch-log";
import { feedResponse } from "./respond";
import type { Edition, Portal } from "@/lib/domains/sites";
import { topicUrl, websubLinkHeader } from "@/lib/adapters/public/websub/topics";

/**
 * Answers a portal feed and books the fetch after the response (served feeds only). Rendered for
 * the store, the middleware books each reader's fetch of the stored bytes instead.
 */
export async function serveFeed(
  request: Request,
  result: FeedResult,
  feed: { kind: FeedKind; key: string; portal: Portal; edition: Edition },
): Promise<Response> {
  if (result.kind === "ok" && !(await noteRenderFacts({ tags: [], fetchLog: { kind: "feed", feed } }))) {
    const userAgent = request.headers.get("user-agent");
    afterResponse(() => recordFeedFetch({ ...feed, userAgent }));
  }
  if (result.kind !== "ok") return feedResponse(result);
  // WebSub discovery (docs/portals.md "WebSub"): the hub, and this feed's URL as the topic.
  const slug = feed.kind === "category" || feed.kind === "newsroom" ? feed.key : null;
  const topic = topicUrl({ kind: feed.kind, portal: feed.portal, edition: feed.edition, slug, format: result.format });
  return feedResponse(result, { link: websubLinkHeader(topic) });
}
