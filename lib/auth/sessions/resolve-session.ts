import { db } from "@/lib/db/client";
import { isSessionRevoked, legacyRevocationMarker } from "./revocation";
import { sessionTokenHash } from "./session-token";

/** What pages and actions know about the signed-in person; never the password hash. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  staffRole: "user" | "admin" | "super_admin";
  permissions: string[];
  isActive: boolean;
  deletedAt: Date | null;
  hasTotp: boolean;
}

export interface SessionState {
  id: number;
  createdAt: Date;
  loginMethod: string;
  twoFactorPending: boolean;
  strongAuthAt: Date | null;
  identityProvedAt: Date | null;
  identityProofKind: string | null;
  impersonatorUserId: number | null;
}

export interface ActiveSession {
  user: SessionUser;
  session: SessionState;
}

// lastSeenAt is for the session list; writing it on every request would cost a write per page.
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
/**
 * A staff session unused this long ends (staff reach every newsroom's data): the idle timeout
 * counts from lastSeenAt, so it takes effect between 30 and 35 minutes. Customers stay signed in.
 */
export const STAFF_IDLE_MINUTES = 30;

/**
 * The session behind a cookie's reference, or null: unknown or expired rows, inactive or
 * deleted users, revoked sessions (EnsureSessionIsNotRevoked, spec 5.8), idle staff sessions and
 * sessions of accounts whose address was never confirmed all fail; such a row is removed on the way.
 */
export async function resolveSessionToken(token: string | null | undefined, now = new Date()): Promise<ActiveSession | null> {
  if (!token) return null;
  const row = await db.session.findUnique({
    where: { sessionTokenHash: sessionTokenHash(token) },
    select: {
      id: true, createdAt: true, expiresAt: true, lastSeenAt: true, loginMethod: true, twoFactorPending: true, strongAuthAt: true, identityProvedAt: true, identityProofKind: true, impersonatorUserId: true,
      user: { select: { id: true, email: true, name: true, staffRole: true, permissions: true, isActive: true, deletedAt: true, emailVerifiedAt: true, sessionsRevokedAtMs: true, totpConfirmedAt: true } },
    },
  });
  if (!row || row.expiresAt <= now) return null;
  const { user } = row;
  if (!user.isActive || user.deletedAt) return null;
  const idleStaff = user.staffRole !== "user" && now.getTime() - row.lastSeenAt.getTime() > STAFF_IDLE_MINUTES * 60_000;
  // No way in opens an unconfirmed account (its first confirmation discards every credential),
  // so a session of one predates that rule or was slipped in: void. Staff acting as the customer excepted.
  const unconfirmed = !user.emailVerifiedAt && row.impersonatorUserId === null;
  if (idleStaff || unconfirmed || isSessionRevoked(row.createdAt, user.sessionsRevokedAtMs, await legacyRevocationMarker(user.id))) {
    await db.session.deleteMany({ where: { id: row.id } });
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.session.updateMany({ where: { id: row.id }, data: { lastSeenAt: now } });
  }
  return {
    user: { id: user.id, email: user.email, name: user.name, staffRole: user.staffRole, permissions: user.permissions, isActive: user.isActive, deletedAt: user.deletedAt, hasTotp: user.totpConfirmedAt !== null },
    session: { id: row.id, createdAt: row.createdAt, loginMethod: row.loginMethod, twoFactorPending: row.twoFactorPending, strongAuthAt: row.strongAuthAt, identityProvedAt: row.identityProvedAt, identityProofKind: row.identityProofKind, impersonatorUserId: row.impersonatorUserId },
  };
}
