import { pruneExpiredLoginLinks } from "@/lib/accounts/login-links";
import { db } from "@/lib/db/client";
import { JOB } from "@/lib/jobs/names";
import { defineJob } from "@/lib/jobs/types";

/** Session rows past their expiry: their cookies no longer work, the rows only take space. */
export async function pruneExpiredSessions(now = new Date()): Promise<number> {
  return (await db.session.deleteMany({ where: { expiresAt: { lt: now } } })).count;
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
