import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { endMembership } from "./end-membership";
import { assertTeamManager, lockNewsroom } from "./team-locks";

export interface RemoveMemberOptions {
  actorUserId: number;
  companyId: number;
  userId: number;
  /** Who acts in the customer's session: every team change is the customer's own decision, never made by staff acting as the customer (support access). */
  acting?: Acting;
}

/**
 * An owner removes someone from the newsroom (ability manageMembers). The last owner cannot be
 * removed (409). Their releases stay with the newsroom; only the membership row goes, and the
 * e-mail rights sync does not grant it back (auto-grant-blocks.ts).
 */
export async function removeMember(opts: RemoveMemberOptions): Promise<void> {
  assertNotImpersonating(opts.acting, "team");
  await db.$transaction(async (tx) => {
    // Race: two owners removing each other at once; see changeMemberRole.
    const newsroom = await lockNewsroom(tx, opts.companyId);
    await assertTeamManager(tx, opts.actorUserId, newsroom);
    await endMembership(tx, { newsroom, userId: opts.userId, actorUserId: opts.actorUserId, how: "removed", missing: "member_not_found" });
  });
}
