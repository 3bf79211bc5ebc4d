import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { inviteMember, type SentInvitation } from "./invite-member";
import { TeamRefusedError } from "./refusals";
import { assertTeamManager, lockNewsroom } from "./team-locks";

export interface ResendInvitationOptions {
  actorUserId: number;
  companyId: number;
  invitationId: number;
  now?: Date;
  /** Who acts in the customer's session: every team change is the customer's own decision, never made by staff acting as the customer (support access). */
  acting?: Acting;
}

/**
 * "Send again" on a pending invitation (expired ones included): a new invitation to the same
 * address and role replaces it, with a new link and mail (inviteMember). The lookup is checked
 * like every team read, so an invitation id of another newsroom says nothing about it.
 */
export async function resendInvitation(opts: ResendInvitationOptions): Promise<SentInvitation> {
  assertNotImpersonating(opts.acting, "team");
  const pending = await db.$transaction(async (tx) => {
    const newsroom = await lockNewsroom(tx, opts.companyId);
    await assertTeamManager(tx, opts.actorUserId, newsroom);
    const row = await tx.companyInvitation.findFirst({
      where: { id: opts.invitationId, companyId: newsroom.id, acceptedAt: null, revokedAt: null },
      select: { email: true, role: true },
    });
    if (!row) throw new TeamRefusedError("invitation_not_found");
    return row;
  });
  // inviteMember locks and checks again: whatever happened in between (an acceptance, a
  // revocation, a role taken away) is seen there.
  return inviteMember({
    actorUserId: opts.actorUserId,
    companyId: opts.companyId,
    email: pending.email,
    role: pending.role,
    now: opts.now,
  });
}
