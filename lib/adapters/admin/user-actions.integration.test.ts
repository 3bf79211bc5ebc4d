import { describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { seedTotpUser, seedUserWithRandomId } from "@/tests/two-factor-fixtures";
import { resolveSessionToken } from "@/lib/domains/auth/sessions/resolve-session";
import { sessionTokenHash } from "@/lib/domains/auth/sessions/session-token";
import { openSession } from "@/lib/domains/auth/sessions/start-session";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedCompany } from "@/tests/factories";
import { endUserSessionsAsAdmin, resetSecondFactorAsAdmin } from "./user-actions";
import { loadAdminUser } from "./user-detail";
import { parseAdminUserQuery, searchAdminUsers } from "./user-search";

// /admin/users (users:manage): the account detail never carries a secret; ending sessions needs
// users:manage; resetting a second factor needs an active super-admin (spec 5.5), so an admin
// holding users:manage is refused. Written as the attacker: nothing changes on a refusal.

const client = { ip: "192.0.2.44", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" };
const open = (userId: number, ago = 60_000) =>
  openSession({ userId, method: "password", twoFactorPending: false, strongAuth: false, client, now: new Date(Date.now() - ago) });
const usersAdmin = () => seedUserWithRandomId({ staffRole: "admin", permissions: ["users:manage"] });

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

async function accountState(userId: number) {
  const [user, sessions, codes, activities] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: userId },
      select: { rememberToken: true, sessionsRevokedAtMs: true, totpSecretEncrypted: true, totpConfirmedAt: true },
    }),
    db.session.count({ where: { userId } }),
    db.twoFactorRecoveryCode.count({ where: { userId } }),
    db.activityLog.count(),
  ]);
  return { user, sessions, codes, activities };
}

describe("ending every session of an account", () => {
  it("ends them with users:manage, voids their cookies and records who did it", async () => {
    const admin = await usersAdmin();
    const user = await seedUserWithRandomId();
    const [a, b] = [await open(user.id), await open(user.id, 120_000)];
    expect(await endUserSessionsAsAdmin({ adminUserId: admin.id, userId: user.id })).toEqual({ ended: 2 });
    expect(await resolveSessionToken(a.token)).toBeNull();
    expect(await resolveSessionToken(b.token)).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionsRevokedAtMs).not.toBeNull();
    const entry = await db.activityLog.findFirstOrThrow({ where: { type: "user.sessions_ended", subjectId: String(user.id) } });
    expect(entry).toMatchObject({ actorUserId: admin.id, subjectType: "user", metadata: { ended: 2 } });
    // A sign-in afterwards works as before.
    const later = await open(user.id, -1_000);
    expect(await resolveSessionToken(later.token)).toMatchObject({ user: { id: user.id } });
  });

  it("is refused without users:manage, to a customer, for one's own account and, to a plain admin, for a super-admin", async () => {
    const user = await seedUserWithRandomId();
    await open(user.id);
    const refused = [
      await seedUserWithRandomId({
        staffRole: "admin",
        permissions: ["press-releases:publish", "companies:write", "billing:manage", "compliance:manage"],
      }),
      await seedUserWithRandomId(),
      await seedUserWithRandomId({ staffRole: "admin", permissions: ["users:manage"], isActive: false }),
    ];
    const before = await accountState(user.id);
    for (const actor of refused)
      expect((await errorOf(endUserSessionsAsAdmin({ adminUserId: actor.id, userId: user.id }))).code).toBe("forbidden");
    expect(await accountState(user.id)).toEqual(before);

    const admin = await usersAdmin();
    expect((await errorOf(endUserSessionsAsAdmin({ adminUserId: admin.id, userId: admin.id }))).code).toBe("conflict");
    const superAdmin = await seedUserWithRandomId({ staffRole: "super_admin" });
    await open(superAdmin.id);
    const superBefore = await accountState(superAdmin.id);
    expect((await errorOf(endUserSessionsAsAdmin({ adminUserId: admin.id, userId: superAdmin.id }))).code).toBe("forbidden");
    expect(await accountState(superAdmin.id)).toEqual(superBefore);
    const otherSuper = await seedUserWithRandomId({ staffRole: "super_admin" });
    expect(await endUserSessionsAsAdmin({ adminUserId: otherSuper.id, userId: superAdmin.id })).toEqual({ ended: 1 });
    expect((await errorOf(endUserSessionsAsAdmin({ adminUserId: admin.id, userId: 2_100_000_001 }))).code).toBe("not_found");
  });
});

describe("second-factor reset (spec 5.5)", () => {
  it("works for an active super-admin and is logged as user.two_factor_reset", async () => {
    const superAdmin = await seedUserWithRandomId({ staffRole: "super_admin" });
    const { user } = await seedTotpUser();
    expect(await resetSecondFactorAsAdmin({ adminUserId: superAdmin.id, userId: user.id })).toEqual({ wasEnabled: true });
    expect(await accountState(user.id)).toMatchObject({ user: { totpSecretEncrypted: null, totpConfirmedAt: null }, codes: 0 });
    expect(
      await db.activityLog.count({ where: { type: "user.two_factor_reset", subjectId: String(user.id), actorUserId: superAdmin.id } }),
    ).toBe(1);
  });

  it("is refused to a plain admin even with users:manage, and to a customer; nothing changes", async () => {
    const { user } = await seedTotpUser();
    const before = await accountState(user.id);
    for (const actor of [
      await usersAdmin(),
      await seedUserWithRandomId(),
      await seedUserWithRandomId({ staffRole: "super_admin", isActive: false }),
    ]) {
      expect((await errorOf(resetSecondFactorAsAdmin({ adminUserId: actor.id, userId: user.id }))).code).toBe("forbidden");
    }
    expect(await accountState(user.id)).toEqual(before);
  });
});

describe("account detail and search", () => {
  it("shows facts, memberships, logins and live sessions, and never a secret", async () => {
    const { user } = await seedTotpUser({ name: "Ida Prüfer", passwordHash: await hashPassword("ein langes geheimes Passwort") });
    const company = await seedCompany({ name: "Prüfhaus GmbH" });
    await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "responsible", grantedVia: "auto" } });
    await db.loginHistory.create({
      data: {
        userId: user.id,
        event: "login_failed",
        reason: "wrong",
        method: "password",
        entryPoint: "form",
        ipHmac: "v1:0123456789abcdef",
        ipHmacKeyVersion: 1,
      },
    });
    await db.apiToken.create({
      data: { userId: user.id, name: "CMS", tokenHash: sessionTokenHash("api-token-secret-value"), prefix: "pd_abcd" },
    });
    await db.magicLink.create({
      data: {
        userId: user.id,
        email: user.email,
        purpose: "login",
        tokenHash: sessionTokenHash("login-link-secret"),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const live = await open(user.id);
    const revoked = await open(user.id, 600_000);
    await db.user.update({ where: { id: user.id }, data: { sessionsRevokedAtMs: BigInt(Date.now() - 300_000) } });

    const detail = await loadAdminUser(user.id);
    expect(detail.account).toMatchObject({
      id: user.id,
      name: "Ida Prüfer",
      hasPassword: true,
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });
    expect(detail.memberships).toMatchObject([
      { role: "responsible", grantedVia: "auto", company: { id: company.id, name: "Prüfhaus GmbH" } },
    ]);
    expect(detail.logins).toMatchObject([{ event: "login_failed", reason: "wrong", method: "password" }]);
    expect(detail.sessions.map((s) => s.id)).toEqual([live.sessionId]);
    expect(detail.sessions.map((s) => s.id)).not.toContain(revoked.sessionId);
    expect(detail.apiTokens).toMatchObject([{ name: "CMS" }]);

    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    const hashes = [
      stored.passwordHash!,
      stored.totpSecretEncrypted!,
      stored.rememberToken,
      ...(await db.twoFactorRecoveryCode.findMany({ where: { userId: user.id } })).map((c) => c.codeHash),
      ...(await db.session.findMany({ where: { userId: user.id } })).map((s) => s.sessionTokenHash),
      ...(await db.apiToken.findMany({ where: { userId: user.id } })).map((t) => t.tokenHash),
      ...(await db.magicLink.findMany({ where: { userId: user.id } })).map((l) => l.tokenHash),
      "v1:0123456789abcdef",
    ].filter((h): h is string => !!h);
    const shown = JSON.stringify(detail, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
    for (const secret of hashes) expect(shown).not.toContain(secret);
    expect(shown).not.toMatch(/passwordHash|totpSecret|tokenHash|codeHash|ipHmac|rememberToken|"prefix"/);
  });

  it("finds accounts by e-mail, name and number", async () => {
    const user = await seedUserWithRandomId({ name: "Quirin Suchbar", email: `quirin-${Date.now()}@suche.example` });
    const ids = async (q: string) => (await searchAdminUsers(parseAdminUserQuery({ q }))).rows.map((r) => r.id);
    expect(await ids("QUIRIN-")).toEqual([user.id]);
    expect(await ids("quirin such")).toEqual([user.id]);
    expect(await ids(String(user.id))).toEqual([user.id]);
    await expect(loadAdminUser(2_100_000_002)).rejects.toMatchObject({ code: "not_found" });
  });
});
