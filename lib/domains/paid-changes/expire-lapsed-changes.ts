import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type DbOrTx } from "@/lib/core/db/client";

/**
 * A checked change waits for its payment until expires_at; after that it is `expired`, so the
 * release is free for a new request. One conditional UPDATE: a payment being applied at the
 * same moment loses nothing, because applyPaid accepts an expired change as well (the customer
 * paid for it). Pass `releaseId` to expire only that release's changes (requestPaidChange does,
 * under the release lock); without it this is the sweep a scheduled job may run.
 */
export async function expireLapsedChanges(opts: { now?: Date; releaseId?: number }, client: DbOrTx = db): Promise<{ expired: number }> {
  const now = opts.now ?? new Date();
  const rows = opts.releaseId
    ? await client.$queryRaw<{ id: number; press_release_id: number }[]>`
        UPDATE press_release_changes SET status = 'expired'
        WHERE status = 'pending_payment' AND expires_at <= ${now} AND press_release_id = ${opts.releaseId}
        RETURNING id, press_release_id`
    : await client.$queryRaw<{ id: number; press_release_id: number }[]>`
        UPDATE press_release_changes SET status = 'expired'
        WHERE status = 'pending_payment' AND expires_at <= ${now}
        RETURNING id, press_release_id`;
  for (const row of rows) {
    await recordActivity(
      {
        type: ACTIVITY.changeExpired,
        subjectType: "press_release_change",
        subjectId: row.id,
        result: "expired",
        metadata: { pressReleaseId: row.press_release_id },
      },
      client,
    );
  }
  return { expired: rows.length };
}

export const expireLapsedChangesJob = defineJob({
  name: JOB.expireLapsedChanges,
  retries: 1,
  timeoutSeconds: 60,
  handler: async (_payload, { step }) => step.run("expire", () => expireLapsedChanges({})),
});
