import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import type { Tx } from "@/lib/core/db/client";
import { blockAutoGrant } from "./auto-grant-blocks";
import { expireInvitationLink } from "./invitation-links";
import { TeamRefusedError, type TeamRefusal } from "./refusals";
import { assertAnotherOwnerRemains, type LockedNewsroom } from "./team-locks";

const MEMBERSHIP_ENDED = { removed: ACTIVITY.companyMemberRemoved, left: ACTIVITY.companyMemberLeft } as const;

/**
 * The end of one membership, under the newsroom lock the caller holds: the last owner stays
 * (409), the row goes, open invitations to the person's address are revoked (an old mail must not
 * bring back someone removed, or who left), the e-mail rights sync is kept from offering them
 * again, and the activity entry says whether an owner removed the person or they left.
 * `missing` is the refusal when the person is not a member.
 */
export async function endMembership(
  tx: Tx,
  opts: { newsroom: LockedNewsroom; userId: number; actorUserId: number; how: "removed" | "left"; missing: TeamRefusal; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const key = { companyId_userId: { companyId: opts.newsroom.id, userId: opts.userId } };
  const member = await tx.companyUser.findUnique({ where: key, select: { role: true, grantedVia: true } });
  if (!member) throw new TeamRefusedError(opts.missing);
  if (member.role === "owner") await assertAnotherOwnerRemains(tx, opts.newsroom.id, opts.userId);
  await tx.companyUser.delete({ where: key });
  // Company first, then its invitations: the order every team write keeps (team-locks.ts).
  const invitations = await tx.$queryRaw<{ id: number; magic_link_id: number | null }[]>`
    UPDATE company_invitations i SET revoked_at = ${now}
    FROM users u
    WHERE u.id = ${opts.userId} AND i.company_id = ${opts.newsroom.id} AND i.email = lower(u.email) AND i.accepted_at IS NULL AND i.revoked_at IS NULL
    RETURNING i.id, i.magic_link_id`;
  for (const i of invitations) await expireInvitationLink(tx, i.magic_link_id, now);
  await blockAutoGrant(tx, opts.newsroom.id, opts.userId, opts.how, opts.actorUserId);
  await recordActivity(
    {
      actorUserId: opts.actorUserId,
      type: MEMBERSHIP_ENDED[opts.how],
      subjectType: "company",
      subjectId: opts.newsroom.id,
      result: member.role,
      metadata: { userId: opts.userId, grantedVia: member.grantedVia, invitationsRevoked: invitations.map((i) => i.id) },
    },
    tx,
  );
}
