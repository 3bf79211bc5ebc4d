import { pruneExpiredLoginLinks } from "@/lib/accounts/login-links";
import { db } from "@/lib/db/client";
import { recordImpersonationEnded } from "./impersonation/impersonation-ended";
import { JOB } from "@/lib/jobs/names";
import { defineJob } from "@/lib/jobs/types";

/**
 * Session rows past their expiry: their cookies no longer work, the rows only take space. An
 * impersonation nobody ended by hand is recorded as expired on its way out (spec 6.1).
 */
export async function pruneExpiredSessions(now = new Date()): Promise<number> {
  const impersonations = await db.session.findMany({ where: { expiresAt: { lt: now }, impersonatorUserId: { not: null } }, select: { id: true, userId: true, impersonatorUserId: true } });
  let pruned = 0;
  for (const row of impersonations) {
    const { count } = await db.session.deleteMany({ where: { id: row.id } });
    if (count === 1) await recordImpersonationEnded({ userId: row.userId, impersonatorUserId: row.impersonatorUserId! }, "expired");
    pruned += count;
  }
  return pruned + (await db.session.deleteMany({ where: { expiresAt: { lt: now } } })).count;
}

export const pruneAuthRecordsJob = defineJob({
  name: JOB.pruneAuthRecords,
  retries: 2,
  timeoutSeconds: 60,
  handler: async (_payload, { step }) => ({
    loginLinks: await step.run("login-links", () => pruneExpiredLoginLinks()),
    sessions: await step.run("sessions", () => pruneExpiredSessions()),
  }),
});
