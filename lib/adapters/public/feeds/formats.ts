import { buildJsonFeed } from "./json-feed";
import { buildRss, type FeedChannel } from "./rss";

/** Every feed exists twice: RSS 2.0 at `…/feed` and JSON Feed 1.1 beside it at `…/feed.json`. */
export type FeedFormat = "rss" | "json";

export const FEED_FORMATS: Record<FeedFormat, { suffix: string; contentType: string; build: (channel: FeedChannel) => string }> = {
  rss: { suffix: "", contentType: "application/rss+xml", build: buildRss },
  json: { suffix: ".json", contentType: "application/feed+json", build: buildJsonFeed },
};

/** The path of a feed in a format, from the RSS feed's path (`/de/feed` → `/de/feed.json`). */
export function feedIn(format: FeedFormat, rssPath: string): string {
  return rssPath + FEED_FORMATS[format].suffix;
}

/** A page's feed announcement (`<link rel="alternate">` per format), for Next's `alternates.types`. */
export function feedAlternates(rssPath: string): Record<string, string> {
  return Object.fromEntries(Object.values(FEED_FORMATS).map((f) => [f.contentType, rssPath + f.suffix]));
}
