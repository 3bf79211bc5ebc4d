import { recordActivity } from "@/lib/activity/record-activity";
import { db } from "@/lib/db/client";
import { blockAutoGrant } from "./auto-grant-blocks";
import { TeamRefusedError } from "./refusals";
import { assertAnotherOwnerRemains, assertTeamManager, lockNewsroom } from "./team-locks";

export interface RemoveMemberOptions {
  actorUserId: number;
  companyId: number;
  userId: number;
}

/**
 * An owner removes someone from the newsroom (ability manageMembers). The last owner cannot be
 * removed (409). Their releases stay with the newsroom; only the membership row goes, and the
 * e-mail rights sync does not grant it back (auto-grant-blocks.ts).
 */
export async function removeMember(opts: RemoveMemberOptions): Promise<void> {
  await db.$transaction(async (tx) => {
    // Race: two owners removing each other at once; see changeMemberRole.
    const newsroom = await lockNewsroom(tx, opts.companyId);
    await assertTeamManager(tx, opts.actorUserId, newsroom);
    const member = await tx.companyUser.findUnique({ where: { companyId_userId: { companyId: newsroom.id, userId: opts.userId } }, select: { role: true, grantedVia: true } });
    if (!member) throw new TeamRefusedError("member_not_found");
    if (member.role === "owner") await assertAnotherOwnerRemains(tx, newsroom.id, opts.userId);
    await tx.companyUser.delete({ where: { companyId_userId: { companyId: newsroom.id, userId: opts.userId } } });
    await blockAutoGrant(tx, newsroom.id, opts.userId, "removed", opts.actorUserId);
    await recordActivity({ actorUserId: opts.actorUserId, type: "company_member_removed", subjectType: "company", subjectId: newsroom.id, result: member.role, metadata: { userId: opts.userId, grantedVia: member.grantedVia } }, tx);
  });
}
