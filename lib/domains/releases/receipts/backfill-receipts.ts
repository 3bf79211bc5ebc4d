import { db } from "@/lib/core/db/client";
import { issueReceiptFor } from "./issue-receipt";
import type { ReceiptEvent } from "./receipt-events";

// press-releases:issue-receipts: releases published before receipts existed get one receipt
// describing their state now (`backfilled: true`). Each release in its own transaction under its
// row lock, asking again under the lock whether it has a receipt: runs at once, or run twice,
// issue one receipt per release.

export const BACKFILL_BATCH = 200;

/** The event a backfilled receipt names: what the release's state is the outcome of. */
function backfillEvent(r: { status: string; goneAt: Date | null; deletedAt: Date | null }): ReceiptEvent {
  if (r.deletedAt) return "deleted";
  if (r.goneAt) return "removed";
  if (r.status === "archived") return "archived";
  if (r.status === "depublished") return "depublished";
  return "published";
}

export interface BackfillResult {
  issued: number[];
  /** Releases another run gave a receipt first. */
  skipped: number;
}

export async function backfillReceipts(opts: { batch?: number; limit?: number; now?: () => Date } = {}): Promise<BackfillResult> {
  const batch = opts.batch ?? BACKFILL_BATCH;
  const now = opts.now ?? (() => new Date());
  const result: BackfillResult = { issued: [], skipped: 0 };
  let after = 0;
  for (;;) {
    const take = Math.min(batch, (opts.limit ?? Infinity) - result.issued.length);
    if (take <= 0) break;
    const ids = await db.pressRelease.findMany({
      where: { id: { gt: after }, publishedEverAt: { not: null }, receipts: { none: {} } },
      orderBy: { id: "asc" },
      take,
      select: { id: true },
    });
    if (!ids.length) break;
    for (const { id } of ids) {
      const issued = await db.$transaction(async (tx) => {
        // Deleted releases too: their last state is part of the record.
        await tx.$queryRaw`SELECT id FROM press_releases WHERE id = ${id} FOR UPDATE`;
        if (await tx.publicationReceipt.findFirst({ where: { pressReleaseId: id }, select: { id: true } })) return null;
        const release = await tx.pressRelease.findUniqueOrThrow({ where: { id }, select: { status: true, goneAt: true, deletedAt: true } });
        return issueReceiptFor(tx, { releaseId: id, event: backfillEvent(release), issuedAt: now(), backfilled: true });
      });
      if (issued) result.issued.push(id);
      else result.skipped++;
    }
    after = ids.at(-1)!.id;
  }
  return result;
}
