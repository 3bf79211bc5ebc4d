import { db } from "@/lib/db/client";
import { endMembership } from "./end-membership";
import { lockNewsroom } from "./team-locks";

export interface LeaveNewsroomOptions {
  userId: number;
  companyId: number;
}

/**
 * Anybody may leave a newsroom they belong to, also a removed one; the last owner may not (409):
 * someone must remain to answer for it (its invoices among others).
 */
export async function leaveNewsroom(opts: LeaveNewsroomOptions): Promise<void> {
  await db.$transaction(async (tx) => {
    // Race: the last two owners leaving at once; the lock lets the second see the first gone.
    const newsroom = await lockNewsroom(tx, opts.companyId);
    await endMembership(tx, { newsroom, userId: opts.userId, actorUserId: opts.userId, how: "left", missing: "newsroom_not_found" });
  });
}
