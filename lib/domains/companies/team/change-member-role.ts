import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import type { CompanyRole } from "@/lib/generated/prisma/client";
import { TeamRefusedError } from "./refusals";
import { assertAnotherOwnerRemains, assertTeamManager, lockNewsroom, parseTeamRole } from "./team-locks";

export interface ChangeMemberRoleOptions {
  actorUserId: number;
  companyId: number;
  /** The member whose role changes (the actor may be one of them). */
  userId: number;
  role: CompanyRole | string;
  /** Who acts in the customer's session: every team change is the customer's own decision, never made by staff acting as the customer (support access). */
  acting?: Acting;
}

/**
 * An owner sets a member's role (ability manageMembers). A person decided, so the row becomes
 * granted_via = manual and the e-mail sync leaves it alone from now on. The last owner keeps
 * the role: demoting them is refused (409).
 */
export async function changeMemberRole(opts: ChangeMemberRoleOptions): Promise<{ from: CompanyRole; to: CompanyRole; changed: boolean }> {
  assertNotImpersonating(opts.acting, "team");
  const role = parseTeamRole(opts.role);
  return db.$transaction(async (tx) => {
    // Race: two owners demoting each other at the same moment. Both wait for this lock; the
    // second then reads the first's change (its own role, the owners left) and is refused.
    const newsroom = await lockNewsroom(tx, opts.companyId);
    await assertTeamManager(tx, opts.actorUserId, newsroom);
    const member = await tx.companyUser.findUnique({
      where: { companyId_userId: { companyId: newsroom.id, userId: opts.userId } },
      select: { role: true, grantedVia: true },
    });
    if (!member) throw new TeamRefusedError("member_not_found");
    if (member.role === role) return { from: member.role, to: role, changed: false };
    if (member.role === "owner") await assertAnotherOwnerRemains(tx, newsroom.id, opts.userId);
    await tx.companyUser.update({
      where: { companyId_userId: { companyId: newsroom.id, userId: opts.userId } },
      data: { role, grantedVia: "manual" },
    });
    await recordActivity(
      {
        actorUserId: opts.actorUserId,
        type: ACTIVITY.companyRoleChanged,
        subjectType: "company",
        subjectId: newsroom.id,
        result: role,
        metadata: { userId: opts.userId, from: member.role, to: role, grantedViaBefore: member.grantedVia },
      },
      tx,
    );
    return { from: member.role, to: role, changed: true };
  });
}
