import type { Edition } from "@/lib/domains/sites";

/** The public correction log of an edition (the same segment in both editions, like `feed`). */
export const correctionsPath = (edition: Edition, page = 1) => `/${edition}/corrections${page > 1 ? `?page=${page}` : ""}`;

/** Its RSS 2.0 feed. */
export const correctionsFeedPath = (edition: Edition) => `/${edition}/corrections/feed`;

/** The anchor of one entry on the log page; the feed's guid points there. */
export const correctionAnchor = (id: number) => `correction-${id}`;
