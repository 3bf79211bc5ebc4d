import { db } from "@/lib/core/db/client";
import { sessionTokenHash } from "../sessions/session-token";
import { endImpersonationRow } from "./impersonation-ended";

export interface EndedImpersonation {
  targetUserId: number;
  impersonatorUserId: number;
  /** The staff member's own session, to return to (null if it ended meanwhile). */
  staffSessionId: number | null;
}

/** What ending a session needs of the row behind a cookie's reference (null: no such row). */
export function findSessionToEnd(token: string) {
  return db.session.findUnique({
    where: { sessionTokenHash: sessionTokenHash(token) },
    select: { id: true, userId: true, expiresAt: true, impersonatorUserId: true, impersonatorSessionId: true },
  });
}

type SessionToEnd = NonNullable<Awaited<ReturnType<typeof findSessionToEnd>>>;

/**
 * Ends the impersonation whose session reference the browser holds: by the banner's button, by
 * signing out, or after its time limit (then the row is expired and goes here). Anything but an
 * impersonation session answers null and is left alone. Two clicks at once end it once: the
 * delete is conditional and only the request that removed the row writes `user.impersonation_ended`.
 */
export async function endImpersonation(opts: { token: string | null; now?: Date }): Promise<EndedImpersonation | null> {
  if (!opts.token) return null;
  return endImpersonationSession(await findSessionToEnd(opts.token), opts.now);
}

/** endImpersonation for a row already looked up by findSessionToEnd. */
export async function endImpersonationSession(row: SessionToEnd | null, now = new Date()): Promise<EndedImpersonation | null> {
  if (!row || row.impersonatorUserId === null) return null;
  await endImpersonationRow(row, row.expiresAt <= now ? "expired" : "ended");
  return { targetUserId: row.userId, impersonatorUserId: row.impersonatorUserId, staffSessionId: row.impersonatorSessionId };
}
