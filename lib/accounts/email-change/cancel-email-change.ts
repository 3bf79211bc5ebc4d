import { db } from "@/lib/db/client";

/** Drops a pending address change; its confirmation link stops working. No-op without one. */
export async function cancelEmailChange(userId: number): Promise<void> {
  await db.user.updateMany({
    where: { id: userId },
    data: { pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null },
  });
}
