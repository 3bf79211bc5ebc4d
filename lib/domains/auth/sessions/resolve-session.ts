import { can } from "@/lib/domains/accounts/permissions";
import { db } from "@/lib/core/db/client";
import { endImpersonationRow, type ImpersonationEnd } from "../impersonation/impersonation-ended";
import { IMPERSONATION_PERMISSION } from "./impersonation-permission";
import { isSessionRevoked, legacyRevocationMarker } from "./revocation";
import { sessionTokenHash } from "./session-token";
import { closeSessionById } from "./start-session";

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
  /** When the row ends: two weeks after sign-in, minutes after an impersonation began. */
  expiresAt: Date;
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
      id: true,
      createdAt: true,
      expiresAt: true,
      lastSeenAt: true,
      loginMethod: true,
      twoFactorPending: true,
      strongAuthAt: true,
      identityProvedAt: true,
      identityProofKind: true,
      impersonatorUserId: true,
      user: {
        select: {
          id: true,
          email: true,
          name: true,
          staffRole: true,
          permissions: true,
          isActive: true,
          deletedAt: true,
          emailVerifiedAt: true,
          sessionsRevokedAtMs: true,
          totpConfirmedAt: true,
        },
      },
      impersonatorSession: {
        select: {
          userId: true,
          createdAt: true,
          expiresAt: true,
          user: { select: { isActive: true, deletedAt: true, staffRole: true, permissions: true, sessionsRevokedAtMs: true } },
        },
      },
    },
  });
  if (!row || row.expiresAt <= now) return null;
  const { user } = row;
  if (!user.isActive || user.deletedAt) return null;
  const idleStaff = user.staffRole !== "user" && now.getTime() - row.lastSeenAt.getTime() > STAFF_IDLE_MINUTES * 60_000;
  // No way in opens an unconfirmed account (its first confirmation discards every credential),
  // so a session of one predates that rule or was slipped in: void. Staff acting as the customer excepted.
  const unconfirmed = !user.emailVerifiedAt && row.impersonatorUserId === null;
  const impersonationEnd = impersonationEndOf(row, now);
  if (
    idleStaff ||
    unconfirmed ||
    impersonationEnd ||
    isSessionRevoked(row.createdAt, user.sessionsRevokedAtMs, await legacyRevocationMarker(user.id))
  ) {
    await endSessionRow(row, impersonationEnd ?? "sessions_revoked");
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.session.updateMany({ where: { id: row.id }, data: { lastSeenAt: now } });
  }
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      staffRole: user.staffRole,
      permissions: user.permissions,
      isActive: user.isActive,
      deletedAt: user.deletedAt,
      hasTotp: user.totpConfirmedAt !== null,
    },
    session: {
      id: row.id,
      createdAt: row.createdAt,
      loginMethod: row.loginMethod,
      twoFactorPending: row.twoFactorPending,
      strongAuthAt: row.strongAuthAt,
      identityProvedAt: row.identityProvedAt,
      identityProofKind: row.identityProofKind,
      impersonatorUserId: row.impersonatorUserId,
      expiresAt: row.expiresAt,
    },
  };
}

type ImpersonationRow = {
  impersonatorUserId: number | null;
  user: { staffRole: string };
  impersonatorSession: {
    userId: number;
    createdAt: Date;
    expiresAt: Date;
    user: {
      isActive: boolean;
      deletedAt: Date | null;
      staffRole: "user" | "admin" | "super_admin";
      permissions: string[];
      sessionsRevokedAtMs: bigint | null;
    };
  } | null;
};

/**
 * Staff acting as the customer hold the session only while everything that allowed it holds: the
 * staff member's own session lives (the row also goes with it by cascade), is not revoked, and
 * its owner still may impersonate; the account is still a customer's. Null while it holds (and
 * for every other session), else why it ended.
 */
function impersonationEndOf(row: ImpersonationRow, now: Date): ImpersonationEnd | null {
  if (row.impersonatorUserId === null) return null;
  const staff = row.impersonatorSession;
  if (!staff || staff.userId !== row.impersonatorUserId || staff.expiresAt <= now) return "staff_session_ended";
  if (isSessionRevoked(staff.createdAt, staff.user.sessionsRevokedAtMs, null)) return "staff_sessions_revoked";
  if (!can(staff.user, IMPERSONATION_PERMISSION)) return "permission_lost";
  return row.user.staffRole === "user" ? null : "account_became_staff";
}

/**
 * Removes a session row that no longer counts. An impersonation row is recorded as ended, with
 * why; a staff session first ends the impersonations opened from it (the cascade would leave no
 * entry). Only the request that removed the row writes (two requests at once record one end).
 */
async function endSessionRow(
  row: { id: number; impersonatorUserId: number | null; user: { id: number } },
  impersonationEnd: ImpersonationEnd,
): Promise<void> {
  if (row.impersonatorUserId === null) await closeSessionById(row.id);
  else await endImpersonationRow({ id: row.id, userId: row.user.id, impersonatorUserId: row.impersonatorUserId }, impersonationEnd);
}
