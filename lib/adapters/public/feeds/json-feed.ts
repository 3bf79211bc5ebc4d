import { itemDescription, type FeedChannel } from "./rss";

/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1) of the same channel the RSS feed carries: the
 * same items, dates, corrections and cover. `content_text` is what RSS puts in `description`
 * (correction notes first); `summary` is the release's lead alone.
 */
export function buildJsonFeed(channel: FeedChannel): string {
  return JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: channel.title,
    home_page_url: channel.link,
    feed_url: channel.selfUrl,
    hubs: [{ type: "WebSub", url: channel.hubUrl }],
    description: channel.description,
    language: channel.language,
    items: channel.items.map((i) => ({
      id: i.guid,
      url: i.link,
      title: i.title,
      content_text: itemDescription(i) ?? i.title,
      ...(i.description ? { summary: i.description } : {}),
      ...(i.image ? { image: i.image.url } : {}),
      date_published: i.pubDate.toISOString(),
      date_modified: i.updated.toISOString(),
      authors: [{ name: i.creator }],
      ...(i.categories.length ? { tags: i.categories } : {}),
      language: channel.language,
    })),
  });
}
