import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { recordHistory, type Actor } from "./history";
import { lockRelease } from "./lock";
import { requestAutomaticCheck } from "./request-check";
import { syncSearchMirror } from "./search-mirror";

/**
 * Sends a draft (or a rejected release after editing) to review. Releases marked for manual
 * review go straight to a person; all others get an automatic check, dispatched after commit.
 */
export async function submitRelease(opts: { releaseId: number; actor: Actor; now?: Date }): Promise<{ toHuman: boolean }> {
  const now = opts.now ?? new Date();
  const result = await db.$transaction(async (tx) => {
    const release = await lockRelease(tx, opts.releaseId);
    if (release.status !== "draft" && release.status !== "rejected") {
      throw new AppError("conflict", `A release in status ${release.status} cannot be submitted.`);
    }
    const toHuman = release.manualReviewRequiredAt !== null;
    await tx.pressRelease.update({
      where: { id: release.id },
      data: { status: "in_review", reviewFlaggedAt: null, manualQueueAt: toHuman ? now : null },
    });
    await recordHistory(tx, { pressReleaseId: release.id, from: release.status, to: "in_review", actor: opts.actor, outcome: toHuman ? "manual_queue" : "submitted" });
    await syncSearchMirror(tx, release.id, now);
    return { toHuman, contentHash: release.contentHash };
  });
  if (!result.toHuman) {
    await requestAutomaticCheck(opts.releaseId, result.contentHash, now);
  }
  return { toHuman: result.toHuman };
}
