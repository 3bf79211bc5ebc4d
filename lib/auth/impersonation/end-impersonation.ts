import { db } from "@/lib/db/client";
import { sessionTokenHash } from "../sessions/session-token";
import { recordImpersonationEnded } from "./impersonation-ended";

export interface EndedImpersonation {
  targetUserId: number;
  impersonatorUserId: number;
  /** The staff member's own session, to return to (null if it ended meanwhile). */
  staffSessionId: number | null;
}

/**
 * Ends the impersonation whose session reference the browser holds: by the banner's button, by
 * signing out, or after its time limit (then the row is expired and goes here). Anything but an
 * impersonation session answers null and is left alone. Two clicks at once end it once: the
 * delete is conditional and only the request that removed the row writes `user.impersonation_ended`.
 */
export async function endImpersonation(opts: { token: string | null; now?: Date }): Promise<EndedImpersonation | null> {
  if (!opts.token) return null;
  const now = opts.now ?? new Date();
  const row = await db.session.findUnique({ where: { sessionTokenHash: sessionTokenHash(opts.token) }, select: { id: true, userId: true, expiresAt: true, impersonatorUserId: true, impersonatorSessionId: true } });
  if (!row || row.impersonatorUserId === null) return null;
  const { count } = await db.session.deleteMany({ where: { id: row.id } });
  const ended = { targetUserId: row.userId, impersonatorUserId: row.impersonatorUserId, staffSessionId: row.impersonatorSessionId };
  if (count === 1) await recordImpersonationEnded({ userId: row.userId, impersonatorUserId: row.impersonatorUserId }, row.expiresAt <= now ? "expired" : "ended");
  return ended;
}
