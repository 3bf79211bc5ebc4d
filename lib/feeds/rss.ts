import { XMLBuilder } from "fast-xml-parser";

export interface FeedItem {
  title: string;
  link: string;
  guid: string;
  pubDate: Date;
  /** Last change of the content (atom:updated); the publication date until it changes. */
  updated: Date;
  creator: string;
  categories: string[];
  description: string | null;
  /** The release's deliverable cover as Media RSS `media:content`: the largest JPEG, absolute. */
  image?: FeedImage | null;
}

export interface FeedImage {
  url: string;
  width: number;
  height: number;
  credit: string;
  alt: string | null;
}

export interface FeedChannel {
  title: string;
  link: string;
  selfUrl: string;
  description: string;
  language: "de" | "en";
  items: FeedItem[];
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true, suppressEmptyNode: true });

/** Media RSS (namespace `media:`): the image with its credit and alternative text. */
function mediaContent(image: FeedImage) {
  return {
    "@_url": image.url,
    "@_type": "image/jpeg",
    "@_medium": "image",
    "@_width": image.width,
    "@_height": image.height,
    ...(image.credit ? { "media:credit": image.credit } : {}),
    ...(image.alt ? { "media:description": { "#text": image.alt, "@_type": "plain" } } : {}),
  };
}

/**
 * RSS 2.0 with `atom:link rel="self"`, `dc:creator` and `category` (spec 4.1), and per item
 * `atom:updated` so readers see a paid change or correction, and `media:content` for a cover.
 * Text is escaped by the builder; dates are RFC 822 as RSS requires.
 */
export function buildRss(channel: FeedChannel): string {
  const newest = channel.items.reduce<Date | undefined>((max, i) => (!max || i.updated > max ? i.updated : max), undefined);
  return builder.build({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    rss: {
      "@_version": "2.0",
      "@_xmlns:atom": "http://www.w3.org/2005/Atom",
      "@_xmlns:dc": "http://purl.org/dc/elements/1.1/",
      "@_xmlns:media": "http://search.yahoo.com/mrss/",
      channel: {
        title: channel.title,
        link: channel.link,
        description: channel.description,
        language: channel.language,
        ...(newest ? { lastBuildDate: newest.toUTCString() } : {}),
        "atom:link": { "@_href": channel.selfUrl, "@_rel": "self", "@_type": "application/rss+xml" },
        item: channel.items.map((i) => ({
          title: i.title,
          link: i.link,
          guid: { "#text": i.guid, "@_isPermaLink": "false" },
          pubDate: i.pubDate.toUTCString(),
          "atom:updated": i.updated.toISOString(),
          "dc:creator": i.creator,
          category: i.categories,
          ...(i.description ? { description: i.description } : {}),
          ...(i.image ? { "media:content": mediaContent(i.image) } : {}),
        })),
      },
    },
  }) as string;
}
