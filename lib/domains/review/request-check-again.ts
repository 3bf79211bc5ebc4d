import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { assertCan } from "@/lib/domains/accounts/permissions";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { lockRelease } from "@/lib/domains/releases/lock";
import { reviewOverdue } from "@/lib/domains/review/overdue-work";
import { requestAutomaticCheck } from "@/lib/domains/releases/request-check";
import { awaitingAutomaticCheck } from "./checked-version";

/**
 * An editor's way out for a release stuck in review (the admin start page's stuck list): the
 * automatic check of its current version is queued again. Only while it is overdue for that
 * check (in review on the automatic path, no check of this round, untouched for 15 minutes), so
 * nobody buys extra checks of a release that is still on its way; within one minute a second
 * click queues nothing more. Recorded in the activity log with the editor.
 */
export async function requestCheckAgain(opts: { releaseId: number; editorUserId: number; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  await db.$transaction(async (tx) => {
    await assertCan(opts.editorUserId, ADMIN_SCREENS.releases.permission, tx);
    const release = await lockRelease(tx, opts.releaseId);
    const [row] = await tx.$queryRaw<
      { overdue: boolean }[]
    >`SELECT ${reviewOverdue} AS overdue FROM press_releases r WHERE r.id = ${release.id}`;
    if (!row?.overdue) throw new AppError("conflict", "This release is not overdue for its automatic check.");
    await recordActivity(
      { actorUserId: opts.editorUserId, type: ACTIVITY.releaseCheckRequested, subjectType: "press_release", subjectId: release.id },
      tx,
    );
  });
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  await requestAutomaticCheck(opts.releaseId, "editor", minute);
}

/** Whether the release waits for its automatic check now, and whether longer than it should (the admin release page offers the request then). */
export async function automaticCheckWait(releaseId: number): Promise<"none" | "waiting" | "overdue"> {
  const [row] = await db.$queryRaw<{ waiting: boolean; overdue: boolean }[]>`
    SELECT ${awaitingAutomaticCheck} AS waiting, ${reviewOverdue} AS overdue FROM press_releases r WHERE r.id = ${releaseId}`;
  return !row?.waiting ? "none" : row.overdue ? "overdue" : "waiting";
}
