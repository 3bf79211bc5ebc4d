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
  /** Dated public correction notes ("Korrektur vom 24.11.2026: …"), printed before the description. */
  corrections?: string[];
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
  /** The WebSub hub readers subscribe at for updates of this feed (docs/portals.md "WebSub"). */
  hubUrl: string;
  description: string;
  language: "de" | "en";
  items: FeedItem[];
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true, suppressEmptyNode: true });

/**
 * Characters XML 1.0 cannot carry at all, not even escaped (C0 controls other than tab and line
 * breaks, lone surrogates, U+FFFE/U+FFFF). The builder escapes markup but passes these on, and
 * one of them in any title or note would make the whole feed unreadable; they carry no meaning
 * a reader would miss, so they are dropped.
 */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xmlText(text: string): string {
  return text.replace(NOT_XML, "");
}

/** Every string in the document through xmlText, whatever field it came from. */
function xmlSafe<T>(value: T): T {
  if (typeof value === "string") return xmlText(value) as T;
  if (Array.isArray(value)) return value.map(xmlSafe) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, xmlSafe(v)])) as T;
  }
  return value;
}

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

/** The description a reader shows: a corrected release's notes first, so nobody misses them. */
export function itemDescription(i: FeedItem): string | null {
  const parts = [...(i.corrections ?? []), ...(i.description ? [i.description] : [])];
  return parts.length ? parts.join("\n\n") : null;
}

/**
 * RSS 2.0 with `atom:link rel="self"` and `rel="hub"` (WebSub discovery), `dc:creator` and `category` (spec 4.1), and per item
 * `atom:updated` so readers see a paid change or correction, and `media:content` for a cover.
 * Text is escaped by the builder; dates are RFC 822 as RSS requires.
 */
export function buildRss(channel: FeedChannel): string {
  const newest = channel.items.reduce<Date | undefined>((max, i) => (!max || i.updated > max ? i.updated : max), undefined);
  return builder.build(
    xmlSafe({
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
          "atom:link": [
            { "@_href": channel.selfUrl, "@_rel": "self", "@_type": "application/rss+xml" },
            { "@_href": channel.hubUrl, "@_rel": "hub" },
          ],
          item: channel.items.map((i) => {
            const description = itemDescription(i);
            return {
              title: i.title,
              link: i.link,
              guid: { "#text": i.guid, "@_isPermaLink": "false" },
              pubDate: i.pubDate.toUTCString(),
              "atom:updated": i.updated.toISOString(),
              "dc:creator": i.creator,
              category: i.categories,
              ...(description ? { description } : {}),
              ...(i.image ? { "media:content": mediaContent(i.image) } : {}),
            };
          }),
        },
      },
    }),
  ) as string;
}
