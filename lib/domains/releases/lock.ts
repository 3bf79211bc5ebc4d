import type { Tx } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";

/**
 * Locks a release row for the rest of the transaction and re-reads it after the lock, so every
 * check that follows sees the state no other transaction can change until commit.
 */
export async function lockRelease(tx: Tx, id: number) {
  if (!isRecordId(id)) throw notFound("Press release not found.");
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM press_releases WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`;
  if (!locked.length) throw notFound("Press release not found.");
  return tx.pressRelease.findUniqueOrThrow({ where: { id } });
}
