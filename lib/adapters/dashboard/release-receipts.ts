import { db } from "@/lib/core/db/client";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { receiptOrThrow, receiptsOfRelease } from "@/lib/domains/releases/receipts/list-receipts";
import { receiptFileName, renderReceiptPdf } from "@/lib/domains/releases/receipts/receipt-pdf";
import { RECEIPT_EVENT_LABELS } from "@/lib/domains/releases/receipts/receipt-statements";

// The receipts on the customer's release page and their downloads: whoever sees the release in
// the dashboard (a member of its newsroom) gets its receipts; anyone else a 404, as for the page.
// A receipt names no title; the PDF prints the release's current one, marked as not signed.

export type ReceiptFormat = "json" | "pdf";

const downloadPath = (releaseId: number, sequence: number, format: ReceiptFormat) =>
  `/dashboard/releases/${releaseId}/receipts/${sequence}?format=${format}`;

export interface ReceiptRow {
  sequence: number;
  event: string;
  issuedAt: Date;
  /** The first characters of the key id: enough to tell keys apart on the page. */
  keyShort: string;
  jsonHref: string;
  pdfHref: string;
}

/** The release's receipts, newest first, in the customer's words. */
export async function releaseReceipts(userId: number, releaseId: number): Promise<ReceiptRow[]> {
  const release = await ownReleaseOrThrow(userId, releaseId);
  return (await receiptsOfRelease(db, release.id)).map((r) => ({
    sequence: r.sequence,
    event: RECEIPT_EVENT_LABELS.de[r.event],
    issuedAt: r.issuedAt,
    keyShort: r.kid.slice(0, 8),
    jsonHref: downloadPath(release.id, r.sequence, "json"),
    pdfHref: downloadPath(release.id, r.sequence, "pdf"),
  }));
}

/** One receipt as a file: the JSON exactly as issued, or the PDF that carries it. */
export async function receiptDownload(opts: {
  userId: number;
  releaseId: number;
  sequence: number;
  format: ReceiptFormat;
}): Promise<{ bytes: Uint8Array; contentType: string; filename: string }> {
  const release = await ownReleaseOrThrow(opts.userId, opts.releaseId);
  const receipt = await receiptOrThrow(db, release.id, opts.sequence);
  if (opts.format === "pdf")
    return {
      bytes: await renderReceiptPdf(receipt, { currentTitle: release.title }),
      contentType: "application/pdf",
      filename: receiptFileName(release.id, receipt.sequence, "pdf"),
    };
  return {
    bytes: new TextEncoder().encode(receipt.jws),
    contentType: "application/json",
    filename: receiptFileName(release.id, receipt.sequence, "json"),
  };
}
