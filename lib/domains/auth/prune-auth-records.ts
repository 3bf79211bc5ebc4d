import { pruneExpiredLoginLinks } from "@/lib/domains/accounts/login-links";
import { db } from "@/lib/core/db/client";
import { endImpersonationsWhere } from "./impersonation/impersonation-ended";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";

/**
 * Session rows past their expiry: their cookies no longer work, the rows only take space. An
 * impersonation nobody ended by hand is recorded as expired on its way out (spec 6.1).
 */
export async function pruneExpiredSessions(now = new Date()): Promise<number> {
  const pruned = await endImpersonationsWhere({ expiresAt: { lt: now }, impersonatorUserId: { not: null } }, "expired");
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
