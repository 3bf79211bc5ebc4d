import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { quotaStatus } from "@/lib/domains/releases/quota";
import { isSessionRevoked } from "@/lib/domains/auth/sessions/revocation";

// The admin's account detail (spec 5.11: users:manage). Every read names its fields: a password
// hash, the TOTP secret, recovery-code, token, session and link hashes never leave the database,
// not even into this process. That a password or a second factor exists is read as a yes/no.

const LOGINS_SHOWN = 50;
const ACTIVITY_SHOWN = 20;

export async function loadAdminUser(userId: number, now = new Date()) {
  if (!isRecordId(userId)) throw notFound("There is no such account.");
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      name: true,
      pendingEmail: true,
      pendingEmailExpiresAt: true,
      emailVerifiedAt: true,
      lastLoginAt: true,
      isActive: true,
      deletedAt: true,
      staffRole: true,
      permissions: true,
      locale: true,
      totpConfirmedAt: true,
      sessionsRevokedAtMs: true,
      pressReleaseQuotaPeriod: true,
      pressReleaseQuotaUsed: true,
      createdAt: true,
      updatedAt: true,
    },
  });
  if (!user) throw notFound("There is no such account.");
  const [hasPassword, recoveryCodesLeft, passkeys, apiTokens, oauth, memberships, logins, sessions, activity] = await Promise.all([
    db.user.count({ where: { id: user.id, passwordHash: { not: null } } }).then((n) => n === 1),
    db.twoFactorRecoveryCode.count({ where: { userId: user.id, consumedAt: null } }),
    db.passkey.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: "asc" },
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    }),
    db.apiToken.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: "desc" },
      select: { id: true, name: true, createdAt: true, expiresAt: true, lastUsedAt: true },
    }),
    db.oAuthAccount.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: "asc" },
      select: { id: true, provider: true, email: true, createdAt: true },
    }),
    db.companyUser.findMany({
      where: { userId: user.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        role: true,
        grantedVia: true,
        createdAt: true,
        company: { select: { id: true, name: true, portal: true, goneAt: true, deletedAt: true } },
      },
    }),
    db.loginHistory.findMany({
      where: { userId: user.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: LOGINS_SHOWN,
      select: { id: true, event: true, reason: true, method: true, entryPoint: true, createdAt: true },
    }),
    db.session.findMany({
      where: { userId: user.id, expiresAt: { gt: now } },
      orderBy: { lastSeenAt: "desc" },
      select: {
        id: true,
        createdAt: true,
        lastSeenAt: true,
        loginMethod: true,
        userAgentShort: true,
        impersonatorUserId: true,
        twoFactorPending: true,
        strongAuthAt: true,
      },
    }),
    db.activityLog.findMany({
      where: { actorUserId: user.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: ACTIVITY_SHOWN,
      select: { id: true, type: true, result: true, reason: true, path: true, impersonatorUserId: true, createdAt: true },
    }),
  ]);
  // A row older than sessions_revoked_at_ms is already void (it goes on its next request).
  const activeSessions = sessions.filter((s) => !isSessionRevoked(s.createdAt, user.sessionsRevokedAtMs, null));
  const { sessionsRevokedAtMs, ...account } = user;
  return {
    /** This month's publications of the account's limit (its plans' sum). */
    quota: await quotaStatus(db, account.id, new Date()),
    account: {
      ...account,
      hasPassword,
      twoFactorEnabled: user.totpConfirmedAt !== null,
      recoveryCodesLeft,
      sessionsEndedAt: sessionsRevokedAtMs !== null ? new Date(Number(sessionsRevokedAtMs)) : null,
    },
    passkeys,
    apiTokens,
    oauth,
    memberships,
    logins,
    sessions: activeSessions,
    activity: activity.map((a) => ({ ...a, id: String(a.id) })),
  };
}
export type AdminUserDetail = Awaited<ReturnType<typeof loadAdminUser>>;
