import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { endMembership } from "./end-membership";
import { lockNewsroom } from "./team-locks";

export interface LeaveNewsroomOptions {
  userId: number;
  companyId: number;
  /** Who acts in the customer's session: every team change is the customer's own decision, never made by staff acting as the customer (support access). */
  acting?: Acting;
}

/**
 * Anybody may leave a newsroom they belong to, also a removed one; the last owner may not (409):
 * someone must remain to answer for it (its invoices among others).
 */
export async function leaveNewsroom(opts: LeaveNewsroomOptions): Promise<void> {
  assertNotImpersonating(opts.acting, "team");
  await db.$transaction(async (tx) => {
    // Race: the last two owners leaving at once; the lock lets the second see the first gone.
    const newsroom = await lockNewsroom(tx, opts.companyId);
    await endMembership(tx, { newsroom, userId: opts.userId, actorUserId: opts.userId, how: "left", missing: "newsroom_not_found" });
  });
}
