import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { createLoginLink } from "@/lib/domains/accounts/login-links";
import { passkeyAuthenticationOptions } from "@/lib/domains/accounts/passkeys";
import { newAuthenticator, registerWith } from "@/tests/passkey-fixtures";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { codeAt, seedTotpUser, seedUserWithRandomId, wrongCodeAt } from "@/tests/two-factor-fixtures";
import { db } from "@/lib/core/db/client";
import { seedCompany } from "@/tests/factories";
import { resolveSessionToken } from "../sessions/resolve-session";
import { LoginRefusedError } from "./login-errors";
import { signInWithLoginLink } from "./login-link-login";
import { signInWithPasskey } from "./passkey-login";
import { signInWithPassword } from "./password-login";
import { passSecondFactorChallenge } from "./second-factor-challenge";
import { uniqueClientIp } from "@/tests/client-addresses";

const PASSWORD = "correct horse battery staple";
const client = () => ({ ip: uniqueClientIp(), userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" });

describe("LoginCompletion", () => {
  it("completes a password sign-in: session, last_login_at, login history and activity", async () => {
    const user = await seedUserWithRandomId({ passwordHash: await hashPassword(PASSWORD) });
    const now = new Date();
    const result = await signInWithPassword({ email: user.email.toUpperCase(), password: PASSWORD, client: client(), now });
    expect(result.twoFactorPending).toBe(false);
    const active = await resolveSessionToken(result.token);
    expect(active).toMatchObject({
      user: { id: user.id },
      session: { loginMethod: "password", twoFactorPending: false, strongAuthAt: null },
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).toEqual(now);
    expect(await db.loginHistory.count({ where: { userId: user.id, event: "login_succeeded", method: "password" } })).toBe(1);
    expect(await db.activityLog.count({ where: { actorUserId: user.id, type: ACTIVITY.userLoggedIn, path: "password" } })).toBe(1);
    // Only the hash of the reference is stored.
    expect(await db.session.count({ where: { sessionTokenHash: result.token } })).toBe(0);
  });

  it("upgrades a legacy password hash on a successful sign-in", async () => {
    const { hashScrypt } = await import("@/lib/domains/accounts/passwords/legacy-scrypt");
    const user = await seedUserWithRandomId({ passwordHash: await hashScrypt(PASSWORD) });
    await signInWithPassword({ email: user.email, password: PASSWORD, client: client() });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("sends an account with confirmed TOTP to the challenge and completes only after it", async () => {
    const { user, secret } = await seedTotpUser({ passwordHash: await hashPassword(PASSWORD) });
    const now = new Date();
    const result = await signInWithPassword({ email: user.email, password: PASSWORD, client: client(), now });
    expect(result.twoFactorPending).toBe(true);
    const pending = (await resolveSessionToken(result.token))!;
    expect(pending.session.twoFactorPending).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).toBeNull();
    expect(await db.loginHistory.count({ where: { userId: user.id, event: "login_succeeded" } })).toBe(0);

    expect(
      await passSecondFactorChallenge({
        userId: user.id,
        session: pending.session,
        input: await wrongCodeAt(secret, now),
        client: client(),
        now,
      }),
    ).toBe("wrong");
    expect(await db.loginHistory.count({ where: { userId: user.id, event: "two_factor_failed" } })).toBe(1);

    expect(
      await passSecondFactorChallenge({
        userId: user.id,
        session: pending.session,
        input: await codeAt(secret, now),
        client: client(),
        now,
      }),
    ).toBe("passed");
    const done = (await resolveSessionToken(result.token))!;
    expect(done.session).toMatchObject({ twoFactorPending: false, strongAuthAt: now });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).toEqual(now);
    expect(await db.loginHistory.count({ where: { userId: user.id, event: "login_succeeded" } })).toBe(1);
  });

  it("completes once when two recovery codes answer the same challenge at the same time", async () => {
    const { user, recoveryCodes } = await seedTotpUser({ passwordHash: await hashPassword(PASSWORD) });
    const result = await signInWithPassword({ email: user.email, password: PASSWORD, client: client() });
    const { session } = (await resolveSessionToken(result.token))!;
    const outcomes = await Promise.all(
      recoveryCodes.slice(0, 2).map((input) => passSecondFactorChallenge({ userId: user.id, session, input, client: client() })),
    );
    expect(outcomes).toEqual(["passed", "passed"]);
    expect(await db.loginHistory.count({ where: { userId: user.id, event: "login_succeeded" } })).toBe(1);
    expect(await db.activityLog.count({ where: { actorUserId: user.id, type: ACTIVITY.userLoggedIn } })).toBe(1);
  });

  it("signs in by login link, verifies the address and refuses the link a second time", async () => {
    const user = await seedUserWithRandomId({ emailVerifiedAt: null });
    const link = await createLoginLink({ email: user.email, userId: user.id, purpose: "login", source: "test" });
    const result = await signInWithLoginLink({ token: link.token, client: client() });
    expect((await resolveSessionToken(result.token))?.session.loginMethod).toBe("login_link");
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(await db.activityLog.count({ where: { actorUserId: user.id, type: ACTIVITY.userLoggedIn, path: "login_link" } })).toBe(1);
    await expect(signInWithLoginLink({ token: link.token, client: client() })).rejects.toBeInstanceOf(LoginRefusedError);
  });

  it("refuses a login link sent to an address the account no longer has", async () => {
    const user = await seedUserWithRandomId();
    const link = await createLoginLink({ email: user.email, userId: user.id, purpose: "login" });
    await db.user.update({ where: { id: user.id }, data: { email: `moved-${randomInt(1e9)}@example.com` } });
    await expect(signInWithLoginLink({ token: link.token, client: client() })).rejects.toBeInstanceOf(LoginRefusedError);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a passkey sign-in confirms the session for the admin area and skips the TOTP challenge", async () => {
    const { user } = await seedTotpUser({ staffRole: "admin" });
    const authenticator = newAuthenticator();
    await registerWith(user.id, authenticator);
    const { handle, options } = await passkeyAuthenticationOptions();
    const result = await signInWithPasskey({ handle, response: authenticator.authenticate(options), client: client() });
    expect(result.twoFactorPending).toBe(false);
    const { session } = (await resolveSessionToken(result.token))!;
    expect(session.loginMethod).toBe("passkey");
    expect(session.strongAuthAt).not.toBeNull();
  });

  it("runs the e-mail rights sync at login: an automatic responsible right without a current match falls to member", async () => {
    const user = await seedUserWithRandomId({ passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
    const company = await seedCompany();
    await db.companyUser.create({ data: { userId: user.id, companyId: company.id, role: "responsible", grantedVia: "auto" } });
    await signInWithPassword({ email: user.email, password: PASSWORD, client: client() });
    expect((await db.companyUser.findFirstOrThrow({ where: { userId: user.id, companyId: company.id } })).role).toBe("member");
  });

  it("refuses inactive accounts like wrong passwords", async () => {
    const user = await seedUserWithRandomId({ passwordHash: await hashPassword(PASSWORD), isActive: false });
    await expect(signInWithPassword({ email: user.email, password: PASSWORD, client: client() })).rejects.toBeInstanceOf(LoginRefusedError);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });
});
