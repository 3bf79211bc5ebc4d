import type { Tx } from "@/lib/core/db/client";
import type { UserPaymentOption } from "@/lib/generated/prisma/client";
import { isRecordId } from "@/lib/core/input/ids";

// Lock order for everything that touches agreements and their invoices: a customer's agreement
// rows first (by id), then invoices. The expire run, the admin actions, the invoice run and the
// legacy cleanup all follow it, so none of them waits on another in a cycle.

/** Locks one agreement FOR UPDATE and reads it after the lock; null when there is none. */
export async function lockAgreement(tx: Tx, paymentOptionId: number): Promise<UserPaymentOption | null> {
  if (!isRecordId(paymentOptionId)) return null;
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM user_payment_options WHERE id = ${paymentOptionId} FOR UPDATE`;
  if (!rows.length) return null;
  return tx.userPaymentOption.findUniqueOrThrow({ where: { id: paymentOptionId } });
}

/** Locks every agreement of one customer FOR UPDATE (in id order) and reads them after the lock. */
export async function lockCustomerAgreements(tx: Tx, userId: number): Promise<UserPaymentOption[]> {
  await tx.$queryRaw`SELECT id FROM user_payment_options WHERE user_id = ${userId} ORDER BY id FOR UPDATE`;
  return tx.userPaymentOption.findMany({ where: { userId }, orderBy: { id: "asc" } });
}

/** Locks the given agreements FOR UPDATE in id order and reads them after the lock. */
export async function lockAgreements(tx: Tx, ids: number[]): Promise<UserPaymentOption[]> {
  if (!ids.length) return [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await tx.$queryRaw`SELECT id FROM user_payment_options WHERE id = ANY(${sorted}::int[]) ORDER BY id FOR UPDATE`;
  return tx.userPaymentOption.findMany({ where: { id: { in: sorted } }, orderBy: { id: "asc" } });
}
