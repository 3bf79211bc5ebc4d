import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";

/** Drops a pending address change; its confirmation link stops working. No-op without one. Not in an impersonation session (`acting`). */
export async function cancelEmailChange(userId: number, opts: { acting?: Acting } = {}): Promise<void> {
  assertNotImpersonating(opts.acting, "security");
  await db.user.updateMany({
    where: { id: userId },
    data: { pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null },
  });
}
