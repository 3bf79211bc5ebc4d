import { db, type DbOrTx } from "@/lib/db/client";

/** The account's running card booking, if any (one at a time: a plan change goes through notice first). */
export async function activeCardBooking(userId: number, client: DbOrTx = db) {
  return client.userPaymentOption.findFirst({
    where: { userId, provider: "stripe", status: { in: ["active", "past_due"] }, cancelAtPeriodEnd: false },
    select: { id: true, plan: true },
  });
}
