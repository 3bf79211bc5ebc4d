import { db } from "@/lib/db/client";
import { verifySessionToken, type SessionPayload } from "./session-token";

/** What pages and actions know about the signed-in person; never the password hash. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  staffRole: "user" | "admin" | "super_admin";
  permissions: string[];
  isActive: boolean;
  deletedAt: Date | null;
}

export interface ActiveSession {
  user: SessionUser;
  session: SessionPayload;
}

/**
 * The user behind a cookie value, or null: forged or expired tokens, inactive or deleted
 * users, and sessions issued before the user's sessions_revoked_at_ms (spec 5.8) all fail.
 */
export async function resolveSession(token: string | null | undefined, secret: string, now = Date.now()): Promise<ActiveSession | null> {
  const session = verifySessionToken(token, secret, now);
  if (!session) return null;
  const user = await db.user.findUnique({
    where: { id: session.uid },
    select: { id: true, email: true, name: true, staffRole: true, permissions: true, isActive: true, deletedAt: true, sessionsRevokedAtMs: true },
  });
  if (!user || !user.isActive || user.deletedAt) return null;
  if (user.sessionsRevokedAtMs !== null && BigInt(session.iat) < user.sessionsRevokedAtMs) return null;
  const { sessionsRevokedAtMs: _revoked, ...rest } = user;
  return { user: rest, session };
}
