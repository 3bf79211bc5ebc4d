import type { Tx } from "@/lib/core/db/client";

// Someone removed from a newsroom, who left it, or whose address match an owner declined stays
// out: while their address still matches the newsroom's own or a press contact's, the e-mail
// rights sync would otherwise offer them to the owners again at their next login. Only the
// person's acceptance of an owner's invitation lifts the block; an API attachment leaves it.

/** Records the block for the person's current address (insert-or-ignore). */
export async function blockAutoGrant(
  tx: Tx,
  companyId: number,
  userId: number,
  reason: "removed" | "left",
  actorUserId: number,
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO company_auto_grant_blocks (company_id, email, reason, created_by_user_id, created_at)
    SELECT ${companyId}, lower(u.email), ${reason}, ${actorUserId}, now() FROM users u WHERE u.id = ${userId}
    ON CONFLICT (company_id, email) DO NOTHING`;
}

/** Records the block for an address an owner declined (insert-or-ignore). */
export async function blockDeclinedAddress(tx: Tx, companyId: number, email: string, actorUserId: number): Promise<void> {
  await tx.companyAutoGrantBlock.createMany({
    data: [{ companyId, email: email.trim().toLowerCase(), reason: "declined", createdByUserId: actorUserId }],
    skipDuplicates: true,
  });
}

/** Whether the address is blocked from the newsroom (by a removal, a departure or a declined match). */
export async function isAutoGrantBlocked(tx: Tx, companyId: number, email: string): Promise<boolean> {
  return (
    (await tx.companyAutoGrantBlock.findUnique({
      where: { companyId_email: { companyId, email: email.trim().toLowerCase() } },
      select: { id: true },
    })) !== null
  );
}

/** Lifts the block when the person accepts an owner's invitation. */
export async function liftAutoGrantBlock(tx: Tx, companyId: number, email: string): Promise<void> {
  await tx.companyAutoGrantBlock.deleteMany({ where: { companyId, email: email.trim().toLowerCase() } });
}
