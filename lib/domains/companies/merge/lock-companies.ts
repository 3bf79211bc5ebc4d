import type { Tx } from "@/lib/core/db/client";

/**
 * Locks the companies of a merge in id order (two merges of the same pair in opposite roles
 * then queue instead of deadlocking) and re-reads them after the lock, so every check that
 * follows sees rows no other transaction can change until commit. Missing ids are left out.
 */
export async function lockCompanies(tx: Tx, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await tx.$queryRaw`SELECT id FROM companies WHERE id = ANY(${sorted}) ORDER BY id FOR UPDATE`;
  const rows = await tx.company.findMany({ where: { id: { in: sorted } } });
  return new Map(rows.map((c) => [c.id, c]));
}
