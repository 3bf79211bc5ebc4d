import { assertCan } from "@/lib/domains/accounts/permissions";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { deleteReleaseIn } from "@/lib/domains/releases/delete-release";
import type { Actor } from "@/lib/domains/releases/history";
import { eraseFiles } from "@/lib/core/storage/files";
import { lockRelease } from "@/lib/domains/releases/lock";
import { moveRelease } from "@/lib/domains/releases/moves";
import { markReleaseGone, unmarkReleaseGone } from "@/lib/domains/releases/tombstone";
import { adminReason } from "@/lib/core/input/admin-reason";
import { findLegalWithdrawal } from "./release-legal-withdrawal";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

// The decisions of /admin/releases/[id] (spec 3.1, 4.3) as the server actions call them. Each
// authorizes press-releases:publish from the stored user inside the transaction that changes
// the release, with the admin as the actor of the history row and its activity entry, and a
// required reason: every one of them changes what readers see. Republishing a release a legal
// measure took off the portals lifts that measure, so it needs compliance:manage as well. Full
// deletion (spec 3.1: from any status, 404 afterwards) is the one decision without a way back.

/** The permission that lifts a legal withdrawal (the one that executes legal requests). */
export const LIFT_WITHDRAWAL_PERMISSION = "compliance:manage" as const;
/** `details.reason` of the refusal, so the form can say why. */
export const LEGAL_WITHDRAWAL_REFUSAL = "legal_withdrawal";

/** Tombstone (410) and its reversal, the status moves an editor makes, and full deletion (404). */
export const RELEASE_ADMIN_ACTIONS = ["tombstone", "unmark", "depublish", "republish", "archive", "unarchive", "delete"] as const;
export type ReleaseAdminAction = (typeof RELEASE_ADMIN_ACTIONS)[number];

export function isReleaseAdminAction(value: unknown): value is ReleaseAdminAction {
  return typeof value === "string" && (RELEASE_ADMIN_ACTIONS as readonly string[]).includes(value);
}

export interface ReleaseAdminActionOptions {
  adminUserId: number;
  releaseId: number;
  action: ReleaseAdminAction;
  reason: string;
  now?: Date;
}

/**
 * Republish only what no legal measure withdrew, unless the editor may lift it. Race: the
 * measure executed while the editor clicks. The release row is locked first (executing a legal
 * request locks it too), so a withdrawal committed before is found here and one running later
 * waits for this decision; the permission is read FOR SHARE in the same transaction.
 */
async function assertMayRepublish(tx: Tx, adminUserId: number, releaseId: number): Promise<void> {
  await lockRelease(tx, releaseId);
  const withdrawal = await findLegalWithdrawal(tx, releaseId);
  if (!withdrawal) return;
  try {
    await assertCan(adminUserId, LIFT_WITHDRAWAL_PERMISSION, tx);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "forbidden") throw err;
    throw new AppError("forbidden", `This release was withdrawn on legal grounds; republishing it needs ${LIFT_WITHDRAWAL_PERMISSION}.`, {
      reason: LEGAL_WITHDRAWAL_REFUSAL,
      legalRequestId: withdrawal.legalRequestId,
    });
  }
}

/**
 * Runs one decision. Race: the permission revoked while the editor clicks. The admin's row is
 * read FOR SHARE before the release is locked, so a revocation committed before is seen here
 * and a later one waits for this decision; the release row lock (lockRelease) orders two
 * editors deciding at once, and the second meets the state the first left (a conflict).
 */
export async function decideReleaseAsAdmin(opts: ReleaseAdminActionOptions): Promise<void> {
  const reason = adminReason(opts.reason);
  const actor: Actor = { type: "admin", userId: opts.adminUserId };
  const move = { releaseId: opts.releaseId, actor, reason, ...(opts.now ? { now: opts.now } : {}) };
  const files = await db.$transaction(async (tx): Promise<string[]> => {
    await assertCan(opts.adminUserId, ADMIN_SCREENS.releases.permission, tx);
    switch (opts.action) {
      case "tombstone":
        await markReleaseGone(move, tx);
        return [];
      case "unmark":
        await unmarkReleaseGone(move, tx);
        return [];
      case "republish":
        await assertMayRepublish(tx, opts.adminUserId, opts.releaseId);
        await moveRelease({ ...move, move: "republish" }, tx);
        return [];
      case "delete":
        return (await deleteReleaseIn(tx, move)).files;
      default:
        await moveRelease({ ...move, move: opts.action }, tx);
        return [];
    }
  });
  // A never-published release's image files go once its deletion committed.
  await eraseFiles(files);
}
