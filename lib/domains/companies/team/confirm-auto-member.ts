import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { TeamRefusedError } from "./refusals";
import { assertTeamManager, lockNewsroom } from "./team-locks";

export interface ConfirmAutoMemberOptions {
  actorUserId: number;
  companyId: number;
  userId: number;
  /** Who acts in the customer's session: every team change is the customer's own decision, never made by staff acting as the customer (support access). */
  acting?: Acting;
}

/**
 * An owner keeps someone the e-mail sync once added by address alone (granted_via = auto, from
 * before a match needed an owner, docs/newsrooms.md): the membership becomes the owner's own
 * decision (manual), with the role it has. The other answer is "Entfernen" (removeMember).
 */
export async function confirmAutoMember(opts: ConfirmAutoMemberOptions): Promise<void> {
  assertNotImpersonating(opts.acting, "team");
  await db.$transaction(async (tx) => {
    // Company lock first, as every team write: a removal or role change at the same moment waits.
    const newsroom = await lockNewsroom(tx, opts.companyId);
    await assertTeamManager(tx, opts.actorUserId, newsroom);
    const { count } = await tx.companyUser.updateMany({
      where: { companyId: newsroom.id, userId: opts.userId, grantedVia: "auto" },
      data: { grantedVia: "manual" },
    });
    if (count !== 1) throw new TeamRefusedError("member_not_found");
    const member = await tx.companyUser.findUniqueOrThrow({
      where: { companyId_userId: { companyId: newsroom.id, userId: opts.userId } },
      select: { role: true },
    });
    await recordActivity(
      {
        actorUserId: opts.actorUserId,
        type: ACTIVITY.companyMemberConfirmed,
        subjectType: "company",
        subjectId: newsroom.id,
        result: member.role,
        metadata: { userId: opts.userId, grantedViaBefore: "auto" },
      },
      tx,
    );
  });
}
