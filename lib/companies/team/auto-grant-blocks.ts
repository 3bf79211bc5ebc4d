import type { Tx } from "@/lib/db/client";

// Someone removed from a newsroom, or who left it, stays removed: while their address still
// matches the newsroom's own or a press contact's, the e-mail rights sync would otherwise make
// them `responsible` again at their next login. A person's explicit decision (an owner's
// invitation, an API assignment) lifts the block.

/** Records the block for the person's current address (insert-or-ignore). */
export async function blockAutoGrant(tx: Tx, companyId: number, userId: number, reason: "removed" | "left", actorUserId: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO company_auto_grant_blocks (company_id, email, reason, created_by_user_id, created_at)
    SELECT ${companyId}, lower(u.email), ${reason}, ${actorUserId}, now() FROM users u WHERE u.id = ${userId}
    ON CONFLICT (company_id, email) DO NOTHING`;
}

/** Lifts the block when a person is added on purpose. */
export async function liftAutoGrantBlock(tx: Tx, companyId: number, email: string): Promise<void> {
  await tx.companyAutoGrantBlock.deleteMany({ where: { companyId, email: email.trim().toLowerCase() } });
}
