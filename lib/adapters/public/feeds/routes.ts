import { cachedCorrectionsFeed } from "@/lib/adapters/public/cached-corrections";
import { cachedCategoryFeed, cachedEditionFeed, servedNewsroomFeed } from "@/lib/adapters/public/cached-reads";
import { isEdition, type Edition, type Portal } from "@/lib/domains/sites";
import type { FeedResult } from "./feeds";
import type { FeedFormat } from "./formats";
import { hubCategoryFeed, hubEditionFeed, hubNewsroomFeed } from "./hub-redirects";
import { feedNotFound, feedResponse, portalFeedParams } from "./respond";
import { serveFeed } from "./serve";

// The GET handlers of every feed route, per format: `…/feed/route.ts` and `…/feed.json/route.ts`
// each export one of these, so RSS and JSON Feed answer under the same rules.
type Params = { params: Promise<Record<string, string>> };

export const portalEditionFeed =
  (format: FeedFormat) =>
  async (request: Request, { params }: Params) => {
    const p = await portalFeedParams(params);
    return p
      ? serveFeed(request, await cachedEditionFeed(p.portal, p.edition, format), { kind: "main", key: "main", ...p })
      : feedNotFound();
  };

/** A category's or a newsroom's feed: the slug names it, and it is logged under that key. */
const portalSlugFeed =
  (kind: "category" | "newsroom", read: (portal: Portal, edition: Edition, slug: string, format: FeedFormat) => Promise<FeedResult>) =>
  (format: FeedFormat) =>
  async (request: Request, { params }: Params) => {
    const p = await portalFeedParams(params);
    return p?.slug
      ? serveFeed(request, await read(p.portal, p.edition, p.slug, format), { kind, key: p.slug, portal: p.portal, edition: p.edition })
      : feedNotFound();
  };

export const portalCategoryFeed = portalSlugFeed("category", cachedCategoryFeed);
export const portalNewsroomFeed = portalSlugFeed("newsroom", servedNewsroomFeed);

/** GET /{edition}/corrections/feed: the correction log (spec 4.4), in the other feeds' formats. */
export const portalCorrectionsFeed =
  (format: FeedFormat) =>
  async (request: Request, { params }: Params) => {
    const p = await portalFeedParams(params);
    return p
      ? serveFeed(request, await cachedCorrectionsFeed(p.portal, p.edition, format), { kind: "corrections", key: "corrections", ...p })
      : feedNotFound();
  };

// The hub publishes no feeds of its own: each answers 301 to the portal's feed in the same format.
export const hubEditionFeedRoute =
  (format: FeedFormat) =>
  async (_request: Request, { params }: Params) => {
    const { edition } = await params;
    return isEdition(edition) ? feedResponse(hubEditionFeed(edition, format)) : feedNotFound();
  };

const hubSlugFeed =
  (read: (edition: Edition, slug: string, format: FeedFormat) => Promise<FeedResult>) =>
  (format: FeedFormat) =>
  async (_request: Request, { params }: Params) => {
    const { edition, slug } = await params;
    return isEdition(edition) && slug !== undefined ? feedResponse(await read(edition, slug, format)) : feedNotFound();
  };

export const hubCategoryFeedRoute = hubSlugFeed(hubCategoryFeed);
export const hubNewsroomFeedRoute = hubSlugFeed(hubNewsroomFeed);
