import type { Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { LifecycleEvent } from "../lifecycle/types";
import { payloadOfIssued, signReceipt } from "./envelope";
import { receiptEventOf, type ReceiptEvent } from "./receipt-events";
import { receiptPayloads, type PayloadItem } from "./receipt-payload";
import { signingKeyFor } from "./signing-keys";

// A receipt is written in the transaction of the change it describes: a rolled-back change leaves
// none, and a committed one always has its receipt. The row is insert-only (a trigger refuses
// UPDATE, DELETE and TRUNCATE): what was issued stays as it was issued.

export interface IssuedReceipt {
  id: number;
  releaseId: number;
  sequence: number;
  event: ReceiptEvent;
  kid: string;
  jws: string;
}

/** Releases per round of queries: keeps every statement's parameters well under PostgreSQL's limit. */
const CHUNK = 1_000;

export interface IssueOptions {
  event: ReceiptEvent;
  issuedAt: Date;
  backfilled?: boolean;
}

/**
 * Issues the receipts of one change of releases whose rows the caller holds locked (the
 * transition's lock, the newsroom command's or the backfill's): each sequence is the next of its
 * release, which no other transaction can take meanwhile. Releases that were never published get
 * none: nothing public changed. A newsroom's thousands of releases cost a few queries per
 * thousand, not per release.
 */
export async function issueReceipts(tx: Tx, releaseIds: number[], opts: IssueOptions): Promise<IssuedReceipt[]> {
  const issued: IssuedReceipt[] = [];
  const ids = [...new Set(releaseIds)].sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += CHUNK) issued.push(...(await issueChunk(tx, ids.slice(i, i + CHUNK), opts)));
  return issued;
}

async function issueChunk(tx: Tx, releaseIds: number[], opts: IssueOptions): Promise<IssuedReceipt[]> {
  const releases = await tx.pressRelease.findMany({
    where: { id: { in: releaseIds }, publishedEverAt: { not: null } },
    include: { company: { select: { id: true, name: true } } },
    orderBy: { id: "asc" },
  });
  if (!releases.length) return [];
  const ids = releases.map((r) => r.id);
  const previous = new Map(
    (
      await tx.$queryRaw<{ press_release_id: number; sequence: number; jws: string }[]>`
        SELECT DISTINCT ON (press_release_id) press_release_id, sequence, jws FROM publication_receipts
        WHERE press_release_id IN (${Prisma.join(ids)}) ORDER BY press_release_id, sequence DESC`
    ).map((r) => [r.press_release_id, r]),
  );
  // The ids are drawn first, so each signed statement can name the row it is stored in.
  const drawn = await tx.$queryRaw<{ id: number }[]>`
    SELECT nextval(pg_get_serial_sequence('publication_receipts', 'id'))::int AS id FROM generate_series(1, ${ids.length}::int)`;
  const receiptIds = drawn.map((r) => r.id).sort((a, b) => a - b);
  const items: PayloadItem[] = releases.map((release, i) => {
    const before = previous.get(release.id);
    return {
      release,
      receiptId: receiptIds[i]!,
      sequence: (before?.sequence ?? 0) + 1,
      previous: before ? payloadOfIssued(before.jws) : null,
    };
  });
  const payloads = await receiptPayloads(tx, { event: opts.event, issuedAt: opts.issuedAt, backfilled: opts.backfilled ?? false }, items);
  const key = await signingKeyFor(tx, opts.issuedAt);
  const issued: IssuedReceipt[] = [];
  for (const [i, payload] of payloads.entries())
    issued.push({
      id: payload.receipt_id,
      releaseId: items[i]!.release.id,
      sequence: payload.sequence,
      event: opts.event,
      kid: key.kid,
      jws: signReceipt(payload, key),
    });
  await tx.publicationReceipt.createMany({
    data: issued.map((r, i) => ({
      id: r.id,
      pressReleaseId: r.releaseId,
      sequence: r.sequence,
      event: r.event,
      kid: r.kid,
      jws: r.jws,
      contentHash: payloads[i]!.content_hash,
      issuedAt: opts.issuedAt,
    })),
  });
  return issued;
}

/** The receipt of one change of one release (see issueReceipts); null for a release that was never published. */
export async function issueReceiptFor(
  tx: Tx,
  opts: { releaseId: number; event: ReceiptEvent; issuedAt: Date; backfilled?: boolean },
): Promise<IssuedReceipt | null> {
  const { releaseId, ...rest } = opts;
  return (await issueReceipts(tx, [releaseId], rest))[0] ?? null;
}

/** The receipt of a lifecycle event, for the events that change what the public is shown. */
export async function issueReceipt(tx: Tx, event: LifecycleEvent): Promise<IssuedReceipt | null> {
  const receiptEvent = receiptEventOf(event.type);
  if (!receiptEvent) return null;
  return issueReceiptFor(tx, { releaseId: event.releaseId, event: receiptEvent, issuedAt: event.occurredAt });
}
