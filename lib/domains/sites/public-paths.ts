import { decodePathSegment } from "@/lib/core/input/path-segment";
import { PATH_SEGMENTS, isEdition, type Edition, type Portal } from "@/lib/domains/sites";

// Which public paths name a release or a newsroom; pure, so the middleware and tests share it.
export type PublicSubject =
  { kind: "release"; edition: Edition; slug: string } | { kind: "newsroom"; edition: Edition; slug: string; rest: string };

export function publicSubject(pathname: string): PublicSubject | null {
  const [, edition, segment, rawSlug, ...rest] = pathname.split("/");
  if (!isEdition(edition) || !rawSlug) return null;
  const slug = decodePathSegment(rawSlug);
  if (slug === null) return null;
  if (segment === PATH_SEGMENTS.release[edition] && rest.length === 0) return { kind: "release", edition, slug };
  if (segment === PATH_SEGMENTS.newsroom[edition])
    return { kind: "newsroom", edition, slug, rest: rest.length ? `/${rest.join("/")}` : "" };
  return null;
}

export const releaseKey = (portal: Portal, edition: Edition, slug: string) => `${portal}:${edition}:${slug}`;
export const newsroomKey = (portal: Portal, slug: string) => `${portal}:${slug}`;

/**
 * What a CDN may keep of a portal page: a minute fresh, then served stale for five while it
 * refreshes. Invalidation reaches the origin's cache at once and the edge within that minute.
 */
export const PORTAL_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** A feed's last path segment: RSS at `…/feed`, JSON Feed beside it at `…/feed.json`. */
export function isFeedSegment(segment: string | undefined): boolean {
  return segment === "feed" || segment === "feed.json";
}

/** Edition pages (home, release, category, archive, newsroom, /rss); feeds set their own header, the legacy `/{edition}/view/{id}` redirect too. */
export function isPortalPage(pathname: string): boolean {
  const parts = pathname.split("/").filter(Boolean);
  return isEdition(parts[0]) && !isFeedSegment(parts.at(-1)) && parts[1] !== "view";
}
