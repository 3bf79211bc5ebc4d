import { describe, expect, it } from "vitest";
import { changePassword } from "@/lib/domains/accounts/passwords/change-password";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { resetPassword } from "@/lib/domains/accounts/passwords/reset-password";
import { seedUserWithRandomId } from "@/tests/two-factor-fixtures";
import { db } from "@/lib/core/db/client";
import { ADMIN_CONFIRMATION_HOURS, needsStrongAdminConfirmation } from "@/lib/domains/auth/session";
import { resolveSessionToken, STAFF_IDLE_MINUTES } from "./resolve-session";
import { writeLegacyRevocationMarker } from "./revocation";
import { signOutOtherDevices } from "./sign-out-other-devices";
import { openSession } from "./start-session";

const client = { ip: "192.0.2.10", userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/133.0" };
const open = (userId: number, now = new Date(), extra: { impersonatorUserId?: number; impersonatorSessionId?: number } = {}) =>
  openSession({ userId, method: "password", twoFactorPending: false, strongAuth: false, client, now, ...extra });

describe("EnsureSessionIsNotRevoked", () => {
  it("rejects sessions older than sessions_revoked_at_ms and keeps younger ones", async () => {
    const user = await seedUserWithRandomId();
    const old = await open(user.id, new Date(Date.now() - 60_000));
    const young = await open(user.id, new Date(Date.now() - 1_000));
    await db.user.update({ where: { id: user.id }, data: { sessionsRevokedAtMs: BigInt(Date.now() - 30_000) } });
    expect(await resolveSessionToken(old.token)).toBeNull();
    expect(await resolveSessionToken(young.token)).toMatchObject({ user: { id: user.id } });
    // The revoked row is cleared on the way.
    expect(await db.session.count({ where: { id: old.sessionId } })).toBe(0);
  });

  it("also honours the older cache-held marker during the transition", async () => {
    const user = await seedUserWithRandomId();
    const old = await open(user.id, new Date(Date.now() - 60_000));
    const young = await open(user.id);
    await writeLegacyRevocationMarker(user.id, Date.now() - 30_000, 60);
    expect(await resolveSessionToken(old.token)).toBeNull();
    expect(await resolveSessionToken(young.token)).not.toBeNull();
  });

  it("ends a staff session after 30 idle minutes; a customer's stays", async () => {
    const staff = await seedUserWithRandomId({ staffRole: "admin", permissions: ["press-releases:publish"] });
    const customer = await seedUserWithRandomId();
    const now = Date.now();
    const idle = async (userId: number, minutes: number) => {
      const s = await open(userId);
      await db.session.update({ where: { id: s.sessionId }, data: { lastSeenAt: new Date(now - minutes * 60_000) } });
      return s;
    };
    const away = await idle(staff.id, STAFF_IDLE_MINUTES + 1);
    expect(await resolveSessionToken(away.token)).toBeNull();
    expect(await db.session.count({ where: { id: away.sessionId } })).toBe(0);
    expect(await resolveSessionToken((await idle(staff.id, STAFF_IDLE_MINUTES - 5)).token)).toMatchObject({ user: { id: staff.id } });
    expect(await resolveSessionToken((await idle(customer.id, 24 * 60)).token)).toMatchObject({ user: { id: customer.id } });
  });

  it("asks staff to confirm the admin area again after 12 hours", async () => {
    const staff = await seedUserWithRandomId({ staffRole: "admin" });
    const s = await open(staff.id);
    const resolved = (await resolveSessionToken(s.token))!;
    const at = (hoursAgo: number) => ({
      ...resolved,
      session: { ...resolved.session, strongAuthAt: new Date(Date.now() - hoursAgo * 3_600_000) },
    });
    expect(needsStrongAdminConfirmation(resolved)).toBe(true);
    expect(needsStrongAdminConfirmation(at(ADMIN_CONFIRMATION_HOURS - 1))).toBe(false);
    expect(needsStrongAdminConfirmation(at(ADMIN_CONFIRMATION_HOURS + 0.1))).toBe(true);
  });

  it("rejects expired rows, unknown references and sessions of inactive or deleted users", async () => {
    const user = await seedUserWithRandomId();
    const s = await open(user.id, new Date(Date.now() - 15 * 24 * 3600_000));
    expect(await resolveSessionToken(s.token)).toBeNull();
    expect(await resolveSessionToken("not-a-session")).toBeNull();
    const fresh = await open(user.id);
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await resolveSessionToken(fresh.token)).toBeNull();
  });

  it("a password reset ends every session, a password change every other one", async () => {
    const user = await seedUserWithRandomId({ passwordHash: await hashPassword("old password of the account") });
    const current = await open(user.id, new Date(Date.now() - 2_000));
    const other = await open(user.id, new Date(Date.now() - 2_000));
    await changePassword({
      userId: user.id,
      currentPassword: "old password of the account",
      newPassword: "a new password for the test",
      currentSessionId: current.sessionId,
    });
    expect(await resolveSessionToken(current.token)).not.toBeNull();
    expect(await resolveSessionToken(other.token)).toBeNull();
    await resetPassword({ userId: user.id, newPassword: "another new password here" });
    expect(await resolveSessionToken(current.token)).toBeNull();
  });
});

describe("sign out other devices", () => {
  it("ends every other session, keeps the current one and rotates remember_token", async () => {
    const user = await seedUserWithRandomId({ rememberToken: "before" });
    const current = await open(user.id);
    const others = await Promise.all([open(user.id), open(user.id)]);
    const stranger = await seedUserWithRandomId();
    const strangers = await open(stranger.id);
    const { session } = (await resolveSessionToken(current.token))!;
    expect(await signOutOtherDevices(user.id, session)).toEqual({ ended: 2 });
    expect(await resolveSessionToken(current.token)).not.toBeNull();
    for (const o of others) expect(await resolveSessionToken(o.token)).toBeNull();
    expect(await resolveSessionToken(strangers.token)).not.toBeNull();
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.rememberToken).not.toBe("before");
    expect(row.rememberToken).toMatch(/^[A-Za-z0-9_-]{40}$/);
  });

  it("is unavailable during impersonation", async () => {
    const admin = await seedUserWithRandomId({ staffRole: "super_admin" });
    const user = await seedUserWithRandomId({ rememberToken: "kept" });
    const own = await open(user.id);
    const staffSession = await open(admin.id);
    const impersonated = await open(user.id, new Date(), { impersonatorUserId: admin.id, impersonatorSessionId: staffSession.sessionId });
    const { session } = (await resolveSessionToken(impersonated.token))!;
    await expect(signOutOtherDevices(user.id, session)).rejects.toMatchObject({ code: "forbidden" });
    expect(await resolveSessionToken(own.token)).not.toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).rememberToken).toBe("kept");
  });
});

describe("pruning", () => {
  it("removes expired session rows only", async () => {
    const { pruneExpiredSessions } = await import("../prune-auth-records");
    const user = await seedUserWithRandomId();
    const expired = await open(user.id, new Date(Date.now() - 15 * 24 * 3600_000));
    const live = await open(user.id);
    expect(await pruneExpiredSessions()).toBeGreaterThanOrEqual(1);
    expect(await db.session.count({ where: { id: expired.sessionId } })).toBe(0);
    expect(await db.session.count({ where: { id: live.sessionId } })).toBe(1);
  });
});
