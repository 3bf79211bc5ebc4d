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

export type ReceiptEvent = (typeof RECEIPT_EVENT_OF)[keyof typeof RECEIPT_EVENT_OF];

/** The lifecycle events that issue a receipt. */
export const RECEIPT_LIFECYCLE_EVENTS = Object.keys(RECEIPT_EVENT_OF) as (keyof typeof RECEIPT_EVENT_OF)[];

export const RECEIPT_EVENTS = Object.values(RECEIPT_EVENT_OF) as ReceiptEvent[];

export function receiptEventOf(type: LifecycleEventType): ReceiptEvent | null {
  return (RECEIPT_EVENT_OF as Partial<Record<LifecycleEventType, ReceiptEvent>>)[type] ?? null;
}
