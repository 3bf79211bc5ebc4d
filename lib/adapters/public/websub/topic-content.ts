import { correctionsFeed } from "@/lib/adapters/public/feeds/correction-log";
import { categoryFeed, editionFeed, newsroomFeed, type FeedResult } from "@/lib/adapters/public/feeds/feeds";
import type { TopicFeed } from "./topics";

/**
 * A topic's content as its feed URL serves it now: the same builders, uncached, so what a
 * change committed a moment ago is in it (the public cache drops its copy within a second).
 * Embargo, visibility and portal are the builders' own rules.
 */
export function currentTopicContent(t: TopicFeed, now = new Date()): Promise<FeedResult> {
  switch (t.kind) {
    case "main":
      return editionFeed(t.portal, t.edition, t.format, now);
    case "corrections":
      return correctionsFeed(t.portal, t.edition, t.format, now);
    case "category":
      return categoryFeed(t.portal, t.edition, t.slug!, t.format, now);
    case "newsroom":
      return newsroomFeed(t.portal, t.edition, t.slug!, t.format, now);
  }
}
