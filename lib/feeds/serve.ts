import type { FeedKind } from "@/lib/generated/prisma/client";
import { afterResponse } from "@/lib/http/after-response";
import type { FeedResult } from "./feeds";
import { recordFeedFetch } from "./fetch-log";
import { feedResponse } from "./respond";
import type { Edition, Portal } from "@/lib/sites";

/** Answers a portal feed and books the fetch after the response (served feeds only). */
export function serveFeed(request: Request, result: FeedResult, feed: { kind: FeedKind; key: string; portal: Portal; edition: Edition }): Response {
  if (result.kind === "ok") {
    const userAgent = request.headers.get("user-agent");
    afterResponse(() => recordFeedFetch({ ...feed, userAgent }));
  }
  return feedResponse(result);
}
