import type { Tx } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";

/**
 * Locks a legal request for the rest of the transaction and re-reads it after the lock: two
 * editors acting on one request take turns here, and the second sees what the first left.
 * A request is always locked before the release it concerns (lockRelease), never after, so two
 * executions cannot wait on each other in opposite order.
 */
export async function lockLegalRequest(tx: Tx, id: number) {
  if (!isRecordId(id)) throw notFound("Legal request not found.");
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM legal_requests WHERE id = ${id} FOR UPDATE`;
  if (!locked.length) throw notFound("Legal request not found.");
  return tx.legalRequest.findUniqueOrThrow({ where: { id } });
}
