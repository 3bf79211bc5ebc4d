import { decodePathSegment } from "@/lib/core/input/path-segment";
import { correctionsFeedPath } from "@/lib/domains/legal/corrections/paths";
import { isFeedSegment, publicSubject } from "@/lib/domains/sites/public-paths";
import {
  categoryPath,
  feedPath,
  getSiteHosts,
  isEdition,
  newsroomPath,
  PATH_SEGMENTS,
  resolveSite,
  siteOrigin,
  type Edition,
  type Portal,
  type SiteHosts,
} from "@/lib/domains/sites";
import type { FeedKind } from "@/lib/generated/prisma/client";
import { feedIn, type FeedFormat } from "@/lib/adapters/public/feeds/formats";

// WebSub topics are the portals' own feed URLs (the feed's `atom:link rel="self"` and JSON Feed's
// `feed_url`), in both formats. The hub's feed URLs only redirect to these, so they are no topics.

/** One feed: which list, where, in which format. `slug` names the category or newsroom. */
export interface TopicFeed {
  kind: FeedKind;
  portal: Portal;
  edition: Edition;
  slug: string | null;
  format: FeedFormat;
}

/** Longer topic or callback URLs are refused (browsers and servers stop around here too). */
export const MAX_URL_CHARS = 2048;

/** The hub every feed names: `POST {hub origin}/websub` on the hub host. */
export function websubHubUrl(hosts: SiteHosts = getSiteHosts()): string {
  return `${siteOrigin("hub", hosts)}/websub`;
}

/** `Link` header of a feed answer and of every delivery (WebSub 4: discovery). */
export function websubLinkHeader(topic: string, hosts: SiteHosts = getSiteHosts()): string {
  return `<${websubHubUrl(hosts)}>; rel="hub", <${topic}>; rel="self"`;
}

/** The RSS path of a feed; the JSON Feed is beside it (feedIn). */
function rssPathOf(t: Pick<TopicFeed, "kind" | "edition" | "slug">): string {
  switch (t.kind) {
    case "main":
      return feedPath(t.edition);
    case "corrections":
      return correctionsFeedPath(t.edition);
    case "category":
      return `${categoryPath(t.edition, t.slug!)}/feed`;
    case "newsroom":
      return `${newsroomPath(t.edition, t.slug!)}/feed`;
  }
}

/** The topic URL of a feed: exactly its self URL. */
export function topicUrl(t: TopicFeed, hosts: SiteHosts = getSiteHosts()): string {
  return `${siteOrigin(t.portal, hosts)}${feedIn(t.format, rssPathOf(t))}`;
}

/**
 * The feed a topic URL names, by the same path rules the portals route by; null for anything
 * else: another host (the hub's own feed URLs included), a query or fragment, credentials, a
 * path that is no feed. Whether that category or newsroom exists is checked by the caller.
 */
export function parseTopicUrl(raw: string, hosts: SiteHosts = getSiteHosts()): TopicFeed | null {
  if (raw.length > MAX_URL_CHARS) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password || url.search || url.hash) return null;
  const portal = resolveSite(url.host, hosts);
  if (portal === "hub") return null;
  const parts = url.pathname.split("/");
  const last = parts.pop();
  if (!isFeedSegment(last)) return null;
  const format: FeedFormat = last === "feed.json" ? "json" : "rss";
  const [empty, edition, segment, rawSlug, ...rest] = parts;
  if (empty !== "" || !isEdition(edition) || rest.length) return null;
  if (segment === undefined) return { kind: "main", portal, edition, slug: null, format };
  if (segment === "corrections" && rawSlug === undefined) return { kind: "corrections", portal, edition, slug: null, format };
  if (rawSlug === undefined) return null;
  if (segment === PATH_SEGMENTS.category[edition]) {
    const slug = decodePathSegment(rawSlug);
    return slug === null ? null : { kind: "category", portal, edition, slug, format };
  }
  // The newsroom's path, as the middleware reads it (a newsroom's feed is its path plus `/feed`).
  const subject = publicSubject(`/${edition}/${segment}/${rawSlug}/feed`);
  return subject?.kind === "newsroom" ? { kind: "newsroom", portal, edition, slug: subject.slug, format } : null;
}

/** Where a release is listed: the portal's feeds it can appear in (never another portal's). */
export interface ReleasePlace {
  portal: Portal;
  language: Edition;
  companySlug: string;
  /** The category and, for a subcategory, its parent (whose feed includes it). */
  categorySlugs: string[];
}

/**
 * The feeds a change of one release can change: the edition's feed, its category's (and the
 * parent's), its newsroom's and the edition's correction log, each in both formats. The same
 * reach as the release's cache tags (its portal's lists, lib/domains/sites/public-tags.ts),
 * narrowed to the feeds among those lists that can hold this release.
 */
export function topicsOfRelease(place: ReleasePlace): TopicFeed[] {
  const { portal, language: edition } = place;
  const feeds: Omit<TopicFeed, "format">[] = [
    { kind: "main", portal, edition, slug: null },
    { kind: "corrections", portal, edition, slug: null },
    { kind: "newsroom", portal, edition, slug: place.companySlug },
    ...place.categorySlugs.map((slug) => ({ kind: "category" as const, portal, edition, slug })),
  ];
  return feeds.flatMap((f) => (["rss", "json"] as const).map((format) => ({ ...f, format })));
}
