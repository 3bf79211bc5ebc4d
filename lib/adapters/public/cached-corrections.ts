import { cachedPublic } from "@/lib/adapters/public/cached-public";
import { portalTag } from "@/lib/domains/sites/public-tags";
import type { Edition, Portal } from "@/lib/domains/sites";
import { correctionLogPage, correctionsFeed } from "@/lib/adapters/public/feeds/correction-log";
import type { FeedFormat } from "@/lib/adapters/public/feeds/formats";

// The log and its feed through the public cache, as the other lists and feeds: tagged with the
// portal, which every correction, depublication, tombstone (generation bump) and deletion drops.

const lists = (portal: Portal) => [portalTag(portal)];

const cachedLogPage = cachedPublic(
  "corrections",
  (portal: Portal, edition: Edition, page: number) => correctionLogPage(portal, edition, page),
  { tags: lists },
);

/** Like the archives (spec 7): the first pages are cached, later ones are rare and read directly. */
export const CORRECTIONS_CACHED_PAGES = 3;

export function correctionLog(portal: Portal, edition: Edition, page: number) {
  return page <= CORRECTIONS_CACHED_PAGES ? cachedLogPage(portal, edition, page) : correctionLogPage(portal, edition, page);
}

export const cachedCorrectionsFeed = cachedPublic(
  "feed:corrections",
  (portal: Portal, edition: Edition, format: FeedFormat) => correctionsFeed(portal, edition, format),
  { tags: lists },
);
