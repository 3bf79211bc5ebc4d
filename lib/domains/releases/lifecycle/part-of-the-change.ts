import { invalidatePublicTags, releaseTags } from "@/lib/domains/sites/public-tags";
import type { Tx } from "@/lib/core/db/client";
import { copyTagsOf } from "../canonical";
import { bumpPublicCacheGeneration } from "../public-cache";
import { issueReceipt } from "../receipts/issue-receipt";
import { RECEIPT_LIFECYCLE_EVENTS } from "../receipts/receipt-events";
import { dropSearchMirror, syncSearchMirror } from "../search-mirror";
import type { LifecycleEventType, Reaction } from "./types";
import { endPreviewLinks } from "../previews/end-preview-links";

// The reactions that are part of the change itself: they run in the transition's transaction,
// so a reader never finds a search result or a cached page that the committed change made
// untrue, and a rolled-back change leaves both alone.

const ALL_BUT_CHECK_AND_DELETION: LifecycleEventType[] = [
  "created",
  "edited",
  "submitted",
  "published",
  "rejected",
  "scheduled",
  "changed",
  "corrected",
  "withdrawn",
  "archived",
  "unarchived",
  "depublished",
  "republished",
  "tombstoned",
  "untombstoned",
];

const placeOf = (tx: Tx, id: number) =>
  tx.pressRelease.findUniqueOrThrow({ where: { id }, select: { id: true, portal: true, language: true, slug: true } });

/** The search mirror holds the release's searchable fields and public side; its diff tells search engines (IndexNow). */
export const searchMirror: Reaction = {
  name: "search-mirror",
  on: [...ALL_BUT_CHECK_AND_DELETION, "deleted"],
  async handle(tx, event) {
    if (event.type === "deleted") await dropSearchMirror(tx, await placeOf(tx, event.releaseId), event.occurredAt);
    else await syncSearchMirror(tx, event.releaseId, event.occurredAt);
  },
};

/** Cached public answers the change made incomplete or untrue (docs/architecture.md "Stored answers"). */
export const publicCaches: Reaction = {
  name: "public-caches",
  on: [
    "published",
    "archived",
    "unarchived",
    "depublished",
    "republished",
    "changed",
    "corrected",
    "tombstoned",
    "untombstoned",
    "deleted",
  ],
  async handle(tx, event) {
    switch (event.type) {
      case "published":
        // Its page, lists, feeds and sitemaps of its portal show it at once; what they showed before is still true.
        return invalidatePublicTags(tx, releaseTags(await placeOf(tx, event.releaseId)), { additive: true });
      case "changed":
      case "corrected":
        return invalidatePublicTags(tx, releaseTags(await placeOf(tx, event.releaseId)));
      case "tombstoned":
      case "untombstoned":
        // A newsroom's tombstone drops the caches once for all its releases.
        return event.data["byNewsroom"] ? undefined : bumpPublicCacheGeneration(tx);
      case "deleted":
        // Its page, lists, feeds and sitemaps drop it (a tombstoned one answered 410 until now).
        return event.data["wasPublic"] ? bumpPublicCacheGeneration(tx) : undefined;
      default:
        // A copy's page names this one as canonical only while it is public (lib/domains/releases/canonical.ts).
        return invalidatePublicTags(tx, [...releaseTags(await placeOf(tx, event.releaseId)), ...(await copyTagsOf(tx, event.releaseId))]);
    }
  },
};

/**
 * The signed receipt of every change of what the public was shown (docs/receipts.md): written
 * with the change, so a committed change always has one and a rolled-back one none.
 */
export const publicationReceipts: Reaction = {
  name: "publication-receipts",
  on: RECEIPT_LIFECYCLE_EVENTS,
  handle: (tx, event) => issueReceipt(tx, event),
};

/** Preview links end with the move that takes the release off the way to publication (docs/previews.md). */
export const previewLinksEnd: Reaction = {
  name: "preview-links-end",
  on: ["withdrawn", "rejected", "tombstoned", "deleted"],
  handle: (tx, event) => endPreviewLinks(tx, event),
};

export const PART_OF_THE_CHANGE: readonly Reaction[] = [searchMirror, publicCaches, publicationReceipts, previewLinksEnd];
