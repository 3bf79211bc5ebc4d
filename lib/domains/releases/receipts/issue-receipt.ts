import type { Tx } from "@/lib/core/db/client";
import type { LifecycleEvent } from "../lifecycle/types";
import { payloadOfIssued, signReceipt } from "./envelope";
import { receiptEventOf, type ReceiptEvent } from "./receipt-events";
import { receiptPayload } from "./receipt-payload";
import { signingKeyFor } from "./signing-keys";

// A receipt is written in the transaction of the change it describes: a rolled-back change leaves
// none, and a committed one always has its receipt. The row is insert-only (a trigger refuses
// UPDATE, DELETE and TRUNCATE): what was issued stays as it was issued.

export interface IssuedReceipt {
  id: number;
  sequence: number;
  event: ReceiptEvent;
  kid: string;
  jws: string;
}

/**
 * Issues the receipt of one change of a release whose row the caller holds locked (the
 * transition's lock, or the backfill's): its sequence is the next of the release, which no other
 * transaction can take meanwhile. Null for a release that was never published: nothing public
 * changed.
 */
export async function issueReceiptFor(
  tx: Tx,
  opts: { releaseId: number; event: ReceiptEvent; issuedAt: Date; backfilled?: boolean },
): Promise<IssuedReceipt | null> {
  const release = await tx.pressRelease.findUniqueOrThrow({ where: { id: opts.releaseId }, select: { publishedEverAt: true } });
  if (!release.publishedEverAt) return null;
  const previous = await tx.publicationReceipt.findFirst({
    where: { pressReleaseId: opts.releaseId },
    orderBy: { sequence: "desc" },
    select: { sequence: true, jws: true },
  });
  // The id is drawn first, so the signed statement can name the row it is stored in.
  const [{ id }] = await tx.$queryRaw<[{ id: number }]>`SELECT nextval(pg_get_serial_sequence('publication_receipts', 'id'))::int AS id`;
  const sequence = (previous?.sequence ?? 0) + 1;
  const payload = await receiptPayload(tx, {
    releaseId: opts.releaseId,
    receiptId: id,
    sequence,
    event: opts.event,
    issuedAt: opts.issuedAt,
    backfilled: opts.backfilled ?? false,
    previous: previous ? payloadOfIssued(previous.jws) : null,
  });
  const key = await signingKeyFor(tx, opts.issuedAt);
  const jws = await signReceipt(payload, key);
  await tx.publicationReceipt.create({
    data: {
      id,
      pressReleaseId: opts.releaseId,
      sequence,
      event: opts.event,
      kid: key.kid,
      jws,
      contentHash: payload.content_hash,
      issuedAt: opts.issuedAt,
    },
  });
  return { id, sequence, event: opts.event, kid: key.kid, jws };
}

/** The receipt of a lifecycle event, for the events that change what the public is shown. */
export async function issueReceipt(tx: Tx, event: LifecycleEvent): Promise<IssuedReceipt | null> {
  const receiptEvent = receiptEventOf(event.type);
  if (!receiptEvent) return null;
  return issueReceiptFor(tx, { releaseId: event.releaseId, event: receiptEvent, issuedAt: event.occurredAt });
}
