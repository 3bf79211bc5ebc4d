import { db, type DbOrTx } from "@/lib/core/db/client";

/**
 * The account's running booking not under notice, if any: one at a time, card or invoice, so a
 * plan change (or a legacy customer's move to card payment) goes through notice first.
 */
export async function activeBooking(userId: number, client: DbOrTx = db) {
  return client.userPaymentOption.findFirst({
    where: { userId, status: { in: ["active", "past_due"] }, cancelAtPeriodEnd: false },
    select: { id: true, plan: true },
  });
}
