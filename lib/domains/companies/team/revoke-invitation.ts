import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { expireInvitationLink } from "./invitation-links";
import { TeamRefusedError } from "./refusals";
import { assertTeamManager, lockNewsroom } from "./team-locks";

export interface RevokeInvitationOptions {
  actorUserId: number;
  companyId: number;
  invitationId: number;
  now?: Date;
  /** Who acts in the customer's session: every team change is the customer's own decision, never made by staff acting as the customer (support access). */
  acting?: Acting;
}

/** An owner withdraws a pending invitation (ability manageMembers); its link stops working at once. */
export async function revokeInvitation(opts: RevokeInvitationOptions): Promise<void> {
  assertNotImpersonating(opts.acting, "team");
  const now = opts.now ?? new Date();
  await db.$transaction(async (tx) => {
    const newsroom = await lockNewsroom(tx, opts.companyId);
    await assertTeamManager(tx, opts.actorUserId, newsroom);
    // Company first, then the invitation (the order every team write keeps); the conditional
    // update loses to an acceptance that committed first.
    const invitation = await tx.companyInvitation.findFirst({
      where: { id: opts.invitationId, companyId: newsroom.id, acceptedAt: null, revokedAt: null },
      select: { id: true, role: true, magicLinkId: true },
    });
    if (!invitation) throw new TeamRefusedError("invitation_not_found");
    const { count } = await tx.companyInvitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    if (count !== 1) throw new TeamRefusedError("invitation_not_found");
    await expireInvitationLink(tx, invitation.magicLinkId, now);
    await recordActivity(
      {
        actorUserId: opts.actorUserId,
        type: ACTIVITY.companyInvitationRevoked,
        subjectType: "company",
        subjectId: newsroom.id,
        result: invitation.role,
        metadata: { invitationId: invitation.id },
      },
      tx,
    );
  });
}
