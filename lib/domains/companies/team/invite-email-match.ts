import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import type { CompanyRole } from "@/lib/generated/prisma/client";
import { inviteMember, type SentInvitation } from "./invite-member";
import { openEmailMatches } from "./list-email-matches";
import { TeamRefusedError } from "./refusals";
import { assertTeamManagerBeforehand } from "./team-locks";

export interface InviteEmailMatchOptions {
  actorUserId: number;
  companyId: number;
  matchId: number;
  /** The role the invitation offers; the form suggests `responsible`. */
  role: CompanyRole | string;
  now?: Date;
  /** Who acts in the customer's session: every team change is the customer's own decision, never made by staff acting as the customer (support access). */
  acting?: Acting;
}

/**
 * An owner takes up an address match: the person gets the ordinary invitation (mail, 7-day
 * link) and joins only by accepting it, so neither the owner nor the person is passed over.
 * The invitation closes the match (inviteMember checks it again under the newsroom lock and
 * drops it in its transaction), so an owner declining it at the same moment ends as one of the two.
 */
export async function inviteEmailMatch(opts: InviteEmailMatchOptions): Promise<SentInvitation> {
  assertNotImpersonating(opts.acting, "team");
  // Authorized before the match is looked up: whoever may not manage the team learns nothing about it.
  await assertTeamManagerBeforehand(opts.actorUserId, opts.companyId);
  const [match] = await openEmailMatches(opts.companyId, { matchId: opts.matchId });
  if (!match) throw new TeamRefusedError("match_not_found");
  return inviteMember({
    actorUserId: opts.actorUserId,
    companyId: opts.companyId,
    email: match.email,
    role: opts.role,
    emailMatchId: match.id,
    ...(opts.now ? { now: opts.now } : {}),
  });
}
