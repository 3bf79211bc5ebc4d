import type { DbOrTx } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import type { ReceiptEvent } from "./receipt-events";

// The receipts of a release, for the doors that hand them out (dashboard, API). Who may see them
// is the door's question: the release's own access rules.

export interface ReceiptListing {
  id: number;
  sequence: number;
  event: ReceiptEvent;
  kid: string;
  issuedAt: Date;
}

/** Newest first. */
export async function receiptsOfRelease(client: DbOrTx, releaseId: number): Promise<ReceiptListing[]> {
  const rows = await client.publicationReceipt.findMany({
    where: { pressReleaseId: releaseId },
    orderBy: { sequence: "desc" },
    select: { id: true, sequence: true, event: true, kid: true, issuedAt: true },
  });
  // Only issueReceipts writes the column, always with a ReceiptEvent.
  return rows.map((r) => ({ ...r, event: r.event as ReceiptEvent }));
}

/** Newest first, each with its signed text exactly as issued (API v1). */
export async function issuedReceiptsOf(client: DbOrTx, releaseId: number): Promise<(ReceiptListing & { jws: string })[]> {
  const rows = await client.publicationReceipt.findMany({
    where: { pressReleaseId: releaseId },
    orderBy: { sequence: "desc" },
    select: { id: true, sequence: true, event: true, kid: true, issuedAt: true, jws: true },
  });
  return rows.map((r) => ({ ...r, event: r.event as ReceiptEvent }));
}

/** One receipt of a release by its sequence, as issued; 404 when there is none. */
export async function receiptOrThrow(client: DbOrTx, releaseId: number, sequence: number) {
  const row = await client.publicationReceipt.findUnique({
    where: { pressReleaseId_sequence: { pressReleaseId: releaseId, sequence } },
    select: { id: true, pressReleaseId: true, sequence: true, event: true, kid: true, jws: true, issuedAt: true },
  });
  if (!row) throw notFound("Receipt not found.");
  return row;
}
