// How many releases a feed lists (spec 8): its newest, in the order of their publication. One
// value for the feeds themselves (lib/adapters/public/feeds/feeds.ts), for what a publication
// receipt may state about a release's place in its edition's feed
// (lib/domains/releases/receipts/receipt-payload.ts) and for the feed readers a release reached
// while a feed carried it (lib/domains/analytics/reach/release-feed-readers.ts).

/** Newest 50 per feed (spec 8). */
export const FEED_ITEMS = 50;
