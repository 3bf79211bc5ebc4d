import { recordActivity } from "@/lib/activity/record-activity";
import { db } from "@/lib/db/client";
import { blockAutoGrant } from "./auto-grant-blocks";
import { TeamRefusedError } from "./refusals";
import { assertAnotherOwnerRemains, lockNewsroom } from "./team-locks";

export interface LeaveNewsroomOptions {
  userId: number;
  companyId: number;
}

/**
 * Anybody may leave a newsroom they belong to, also a removed one; the last owner may not (409):
 * someone must remain to answer for it (its invoices among others).
 */
export async function leaveNewsroom(opts: LeaveNewsroomOptions): Promise<void> {
  await db.$transaction(async (tx) => {
    // Race: the last two owners leaving at once; the lock lets the second see the first gone.
    const newsroom = await lockNewsroom(tx, opts.companyId);
    const member = await tx.companyUser.findUnique({ where: { companyId_userId: { companyId: newsroom.id, userId: opts.userId } }, select: { role: true, grantedVia: true } });
    if (!member) throw new TeamRefusedError("newsroom_not_found");
    if (member.role === "owner") await assertAnotherOwnerRemains(tx, newsroom.id, opts.userId);
    await tx.companyUser.delete({ where: { companyId_userId: { companyId: newsroom.id, userId: opts.userId } } });
    await blockAutoGrant(tx, newsroom.id, opts.userId, "left", opts.userId);
    await recordActivity({ actorUserId: opts.userId, type: "company_member_left", subjectType: "company", subjectId: newsroom.id, result: member.role, metadata: { userId: opts.userId, grantedVia: member.grantedVia } }, tx);
  });
}
