import { assertReleaseAction, type ReleaseAction } from "@/lib/domains/accounts/abilities";
import type { Tx } from "@/lib/core/db/client";
import type { Actor } from "./history";

/**
 * A customer's action on a release passes the newsroom's role matrix, checked on the locked
 * row inside the changing transaction: the one place every path (dashboard, v1, legacy) meets.
 * Staff and automatic actors are authorised by their own callers (permissions, the pipeline).
 */
export async function assertActorMay(
  tx: Tx,
  actor: Actor,
  release: { companyId: number; authorUserId: number | null },
  action: ReleaseAction,
): Promise<void> {
  if (actor.type !== "user") return;
  if (!actor.userId) throw new Error("a user actor without a user id");
  await assertReleaseAction(actor.userId, release, action, tx);
}
