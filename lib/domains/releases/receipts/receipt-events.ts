import type { LifecycleEventType } from "../lifecycle/types";

// What a receipt calls each change of what the public was shown (docs/receipts.md "When a receipt
// is issued"). Lifecycle events that never concern the public (created, edited, submitted,
// checked, rejected, scheduled, withdrawn from review) issue none; the ones below issue one only
// for a release that was ever published, so a tombstoned or deleted draft stays without.

export const RECEIPT_EVENT_OF = {
  published: "published",
  changed: "changed",
  corrected: "corrected",
  archived: "archived",
  unarchived: "unarchived",
  depublished: "depublished",
  republished: "republished",
  // A tombstone: the page answers 410 Gone.
  tombstoned: "removed",
  untombstoned: "restored",
  deleted: "deleted",
} as const satisfies Partial<Record<LifecycleEventType, string>>;

/**
 * Changes of what the public is shown that are no lifecycle event of the release: its newsroom
 * deleted or restored (lib/domains/companies), the images its page delivers changed
 * (lib/domains/releases/review-images.ts). Their commands issue the receipt themselves.
 */
export const OTHER_RECEIPT_EVENTS = ["newsroom_deleted", "newsroom_restored", "images_changed"] as const;

export type ReceiptEvent = (typeof RECEIPT_EVENT_OF)[keyof typeof RECEIPT_EVENT_OF] | (typeof OTHER_RECEIPT_EVENTS)[number];

/** The lifecycle events that issue a receipt. */
export const RECEIPT_LIFECYCLE_EVENTS = Object.keys(RECEIPT_EVENT_OF) as (keyof typeof RECEIPT_EVENT_OF)[];

export const RECEIPT_EVENTS: ReceiptEvent[] = [...Object.values(RECEIPT_EVENT_OF), ...OTHER_RECEIPT_EVENTS];

/** The events whose receipt states a text put up by that change: its check and approval are read anew. */
export const TEXT_RECEIPT_EVENTS: readonly ReceiptEvent[] = ["published", "changed", "corrected"];

export function receiptEventOf(type: LifecycleEventType): ReceiptEvent | null {
  return (RECEIPT_EVENT_OF as Partial<Record<LifecycleEventType, ReceiptEvent>>)[type] ?? null;
}
