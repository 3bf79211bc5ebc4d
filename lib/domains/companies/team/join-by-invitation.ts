import { liftAutoGrantBlock } from "./auto-grant-blocks";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import type { CompanyRole } from "@/lib/generated/prisma/client";
import { expireInvitationLink } from "./invitation-links";
import { TeamRefusedError } from "./refusals";
import { lockNewsroom, ROLE_RANK } from "./team-locks";

export interface AcceptedInvitation {
  invitationId: number;
  companyId: number;
  userId: number;
  email: string;
  /** The role held now: the invited one, or a higher one held before. */
  role: CompanyRole;
}

/**
 * The acceptance itself, once the invited mailbox is proven (by the invitation link, or by the
 * confirmation of a registration made with it): in one transaction the newsroom and the
 * invitation are locked and checked (open, not expired, the address as invited, the newsroom
 * still open), the invited account joins with the invited role (granted by hand: an owner
 * decided) or keeps a higher role it already holds, and the invitation is marked accepted.
 */
export async function joinByInvitation(opts: { invitationId: number; email: string; now?: Date }): Promise<AcceptedInvitation> {
  const now = opts.now ?? new Date();
  return db.$transaction(async (tx) => {
    const target = await tx.companyInvitation.findUnique({ where: { id: opts.invitationId }, select: { companyId: true } });
    if (!target) throw new TeamRefusedError("invitation_invalid");
    // Company first, then the invitation: the order of every team write (team-locks.ts).
    const newsroom = await lockNewsroom(tx, target.companyId).catch((err: unknown) => {
      throw err instanceof TeamRefusedError && err.reason === "newsroom_not_found" ? new TeamRefusedError("invitation_invalid") : err;
    });
    const [invitation] = await tx.$queryRaw<
      {
        id: number;
        email: string;
        role: CompanyRole;
        expires_at: Date;
        accepted_at: Date | null;
        revoked_at: Date | null;
        magic_link_id: number | null;
      }[]
    >`
      SELECT id, email, role::text AS role, expires_at, accepted_at, revoked_at, magic_link_id FROM company_invitations WHERE id = ${opts.invitationId} FOR UPDATE`;
    if (
      !invitation ||
      invitation.accepted_at ||
      invitation.revoked_at ||
      invitation.expires_at <= now ||
      invitation.email !== opts.email.toLowerCase()
    ) {
      throw new TeamRefusedError("invitation_invalid");
    }
    if (!newsroom.isOpen) throw new TeamRefusedError("newsroom_closed");
    const user = await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true, isActive: true, deletedAt: true } });
    if (!user || !user.isActive || user.deletedAt) throw new TeamRefusedError("account_needed");

    // Insert-or-ignore: the e-mail sync may add the same person at this moment (it does not take
    // the company lock); then the row it made is raised below if the invitation is worth more.
    const key = { companyId_userId: { companyId: newsroom.id, userId: user.id } };
    const { count } = await tx.companyUser.createMany({
      data: [{ companyId: newsroom.id, userId: user.id, role: invitation.role, grantedVia: "manual" }],
      skipDuplicates: true,
    });
    let roleBefore: CompanyRole | null = null;
    let role = invitation.role;
    if (count === 0) {
      roleBefore = (await tx.companyUser.findUniqueOrThrow({ where: key, select: { role: true } })).role;
      if (ROLE_RANK[roleBefore] >= ROLE_RANK[invitation.role]) role = roleBefore;
      else await tx.companyUser.update({ where: key, data: { role: invitation.role, grantedVia: "manual" } });
    }

    await liftAutoGrantBlock(tx, newsroom.id, invitation.email);
    await tx.companyInvitation.update({ where: { id: invitation.id }, data: { acceptedAt: now, acceptedByUserId: user.id } });
    // Accepted after a registration, the invitation's own link is still open: it must not work twice.
    await expireInvitationLink(tx, invitation.magic_link_id, now);
    await recordActivity(
      {
        actorUserId: user.id,
        type: ACTIVITY.companyInvitationAccepted,
        subjectType: "company",
        subjectId: newsroom.id,
        result: role,
        metadata: { invitationId: invitation.id, invitedRole: invitation.role, roleBefore },
      },
      tx,
    );
    return { invitationId: invitation.id, companyId: newsroom.id, userId: user.id, email: invitation.email, role };
  });
}
