import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type DbOrTx } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Why an impersonation ended, the `result` of `user.impersonation_ended` (spec 6.1: the log shows
 * when support access ended, however it did): the banner or sign-out (`ended`), its time limit
 * (`expired`), a new start from the same staff session (`replaced`), the staff session's end
 * (sign-out, idle timeout, signing out other devices: `staff_session_ended`), the staff member's
 * sessions revoked (`staff_sessions_revoked`), the permission or the staff account lost
 * (`permission_lost`), the account become staff (`account_became_staff`), or the customer's
 * sessions revoked (`sessions_revoked`).
 */
export type ImpersonationEnd =
  | "ended"
  | "expired"
  | "replaced"
  | "staff_session_ended"
  | "staff_sessions_revoked"
  | "permission_lost"
  | "account_became_staff"
  | "sessions_revoked";

/** The entry for one impersonation row the caller removed: the staff member ended it, the customer is the subject. */
export async function recordImpersonationEnded(
  row: { userId: number; impersonatorUserId: number },
  result: ImpersonationEnd,
  tx?: DbOrTx,
): Promise<void> {
  await recordActivity(
    {
      actorUserId: row.impersonatorUserId,
      type: ACTIVITY.userImpersonationEnded,
      subjectType: "user",
      subjectId: row.userId,
      result,
      impersonatorUserId: null,
    },
    tx,
  );
}

/**
 * Removes one impersonation row and records its end. The delete is conditional and only the call
 * that removed the row writes the entry, so a race records one end. True if this call removed it.
 */
export async function endImpersonationRow(
  row: { id: number; userId: number; impersonatorUserId: number | null },
  result: ImpersonationEnd,
  tx: DbOrTx = db,
): Promise<boolean> {
  const { count } = await tx.session.deleteMany({ where: { id: row.id } });
  if (count === 1 && row.impersonatorUserId !== null)
    await recordImpersonationEnded({ userId: row.userId, impersonatorUserId: row.impersonatorUserId }, result, tx);
  return count === 1;
}

/**
 * Ends the impersonation rows `where` selects, each by endImpersonationRow; returns how many this
 * call removed. The impersonations opened from a staff session go before that session does: the
 * database would remove them with it (ON DELETE CASCADE) and leave no entry.
 */
export async function endImpersonationsWhere(where: Prisma.SessionWhereInput, result: ImpersonationEnd, tx: DbOrTx = db): Promise<number> {
  const rows = await tx.session.findMany({ where, select: { id: true, userId: true, impersonatorUserId: true } });
  let ended = 0;
  for (const row of rows) if (await endImpersonationRow(row, result, tx)) ended++;
  return ended;
}
