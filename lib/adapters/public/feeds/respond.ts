import { decodePathSegment } from "@/lib/core/input/path-segment";
import { isEdition, isPortal, type Edition, type Portal } from "@/lib/domains/sites";
import type { FeedResult } from "./feeds";
import { FEED_FORMATS } from "./formats";

/**
 * Readers may keep a feed five minutes; a CDN must ask the origin each time (s-maxage=0), because
 * every fetch is logged there (spec 2.6). The origin answers from its own cache.
 */
export const FEED_CACHE_CONTROL = "public, max-age=300, s-maxage=0";

/** `headers`: added to a served feed (the WebSub `Link` header, serve.ts). */
export function feedResponse(result: FeedResult, headers: Record<string, string> = {}): Response {
  if (result.kind === "redirect") return new Response(null, { status: 301, headers: { location: result.location } });
  if (result.kind === "missing")
    return new Response("Feed not found.\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, s-maxage=60" },
    });
  return new Response(result.document, {
    headers: {
      "content-type": `${FEED_FORMATS[result.format].contentType}; charset=utf-8`,
      "cache-control": FEED_CACHE_CONTROL,
      ...headers,
    },
  });
}

/** Route params of a portal feed, or null for a path no portal serves. */
export async function portalFeedParams(
  params: Promise<Record<string, string>>,
): Promise<{ portal: Portal; edition: Edition; slug?: string } | null> {
  const p = await params;
  if (!isPortal(p.portal) || !isEdition(p.edition)) return null;
  if (p.slug === undefined) return { portal: p.portal, edition: p.edition };
  const slug = decodePathSegment(p.slug);
  return slug === null ? null : { portal: p.portal, edition: p.edition, slug };
}

export const feedNotFound = () => feedResponse({ kind: "missing" });
