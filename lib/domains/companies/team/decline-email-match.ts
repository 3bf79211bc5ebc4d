import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { blockDeclinedAddress } from "./auto-grant-blocks";
import { openEmailMatches } from "./list-email-matches";
import { TeamRefusedError } from "./refusals";
import { assertTeamManager, lockNewsroom } from "./team-locks";

export interface DeclineEmailMatchOptions {
  actorUserId: number;
  companyId: number;
  matchId: number;
  /** Who acts in the customer's session: every team change is the customer's own decision, never made by staff acting as the customer (support access). */
  acting?: Acting;
}

/**
 * An owner declines an address match: the match goes and the address is blocked, so the
 * person's next logins do not offer it again. An invitation later (accepted) lifts the block.
 */
export async function declineEmailMatch(opts: DeclineEmailMatchOptions): Promise<void> {
  assertNotImpersonating(opts.acting, "team");
  await db.$transaction(async (tx) => {
    // The company lock orders this against an invitation of the same address at the same moment.
    const newsroom = await lockNewsroom(tx, opts.companyId);
    await assertTeamManager(tx, opts.actorUserId, newsroom);
    const [match] = await openEmailMatches(newsroom.id, { matchId: opts.matchId, client: tx });
    if (!match) throw new TeamRefusedError("match_not_found");
    await tx.companyEmailMatch.deleteMany({ where: { id: match.id } });
    await blockDeclinedAddress(tx, newsroom.id, match.email, opts.actorUserId);
    await recordActivity(
      {
        actorUserId: opts.actorUserId,
        type: ACTIVITY.companyEmailMatchDeclined,
        subjectType: "company",
        subjectId: newsroom.id,
        metadata: { userId: match.userId, matchedOn: match.matchedOn },
      },
      tx,
    );
  });
}
