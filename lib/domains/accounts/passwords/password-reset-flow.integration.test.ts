import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createLoginLink, LOGIN_LINK_TTL_MINUTES, LoginLinkInvalidError, redeemLoginLink } from "@/lib/domains/accounts/login-links";
import { mailsTo, tokenIn } from "@/tests/login-link-helpers";
import { LoginRefusedError } from "@/lib/domains/auth/login/login-errors";
import { LoginThrottledError } from "@/lib/domains/accounts/passwords/login-failures";
import { signInWithLoginLink } from "@/lib/domains/auth/login/login-link-login";
import { db } from "@/lib/core/db/client";
import type { MagicLinkPurpose } from "@/lib/generated/prisma/client";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { seedUser, unique } from "@/tests/factories";
import { seedOpenAccount } from "@/tests/open-account";
import { completePasswordReset } from "./complete-password-reset";
import { embeddedListBreachCheck } from "./embedded-list-check";
import { hashPassword, verifyPassword } from "./hash";
import { requestPasswordReset } from "./request-password-reset";
import { uniqueClientIp } from "@/tests/client-addresses";

// The reset flow end to end against the real Postgres: request → mail → link → new password.

const breachCheck = embeddedListBreachCheck();
const OLD = "Kranich-Ufer-Stein-47";
const NEW = "Nebel-Turm-Fahrrad-93";
const MINUTE = 60_000;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const newIp = uniqueClientIp;
const complete = (token: string, newPassword = NEW, extra: { now?: Date; ip?: string } = {}) =>
  completePasswordReset({ token, newPassword, breachCheck, ...extra });
const linkRefused = (reason?: LoginLinkInvalidError["reason"]) =>
  expect.objectContaining({ name: "LoginLinkInvalidError", code: "gone", ...(reason ? { reason } : {}) });

async function seedPasswordUser(data: Parameters<typeof seedUser>[0] = {}) {
  return seedUser({ passwordHash: await hashPassword(OLD), ...data });
}

/** Asks for a reset and returns the token read from the one mail it queued. */
async function requestAndReadToken(email: string, now?: Date): Promise<string> {
  const before = (await mailsTo(email)).length;
  await requestPasswordReset({ email, now });
  const mails = await mailsTo(email);
  expect(mails).toHaveLength(before + 1);
  return tokenIn(mails.at(-1)!.text, "/login/reset");
}

const passwordOf = async (userId: number) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).passwordHash;
const seedSession = (userId: number) =>
  db.session.create({ data: { userId, sessionTokenHash: unique("session"), expiresAt: new Date(Date.now() + 24 * 60 * MINUTE) } });

describe("requestPasswordReset", () => {
  it("answers an unknown, inactive or deleted address exactly as a known one, and sends nothing", async () => {
    const known = await seedPasswordUser();
    const inactive = await seedPasswordUser({ isActive: false });
    const deleted = await seedPasswordUser({ deletedAt: new Date() });
    const unknown = `${unique("nobody")}@example.test`;
    const linksBefore = await db.magicLink.count();

    const answers = await Promise.all([unknown, inactive.email, deleted.email, "", "  "].map((email) => requestPasswordReset({ email })));
    expect(answers).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(await db.magicLink.count()).toBe(linksBefore);
    for (const email of [unknown, inactive.email, deleted.email]) expect(await mailsTo(email)).toEqual([]);

    await expect(requestPasswordReset({ email: known.email })).resolves.toBeUndefined();
    expect(await mailsTo(known.email)).toHaveLength(1);
  });

  it("queues exactly one mail with a working 60-minute reset link, in the account's language", async () => {
    const user = await seedPasswordUser({ locale: "en" });
    const now = new Date();
    await requestPasswordReset({ email: ` ${user.email.toUpperCase()} `, now });

    const mails = await mailsTo(user.email);
    expect(mails).toEqual([expect.objectContaining({ mailType: "password_reset", status: "queued", subject: "Reset your password" })]);
    const token = tokenIn(mails[0]!.text, "/login/reset");
    const url = `${siteOrigin("hub", getSiteHosts())}/login/reset/${token}`;
    expect(mails[0]!.text).toContain(url);
    expect(mails[0]!.html).toContain(`href="${url}"`);
    expect(mails[0]!.text).toContain("60 minutes");
    const link = await db.magicLink.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    expect(link).toMatchObject({
      userId: user.id,
      email: user.email,
      purpose: "password_reset",
      usedAt: null,
      expiresAt: new Date(now.getTime() + LOGIN_LINK_TTL_MINUTES.password_reset * MINUTE),
    });

    await expect(complete(token)).resolves.toMatchObject({ endedSessions: 0 });
    expect(await verifyPassword(NEW, await passwordOf(user.id))).toBe(true);
  });

  it("writes German when asked to, and stops at the mailbox budget without saying so", async () => {
    const user = await seedPasswordUser({ locale: "en" });
    await requestPasswordReset({ email: user.email, locale: "de" });
    expect((await mailsTo(user.email))[0]).toMatchObject({ subject: "Passwort zurücksetzen" });
    expect((await mailsTo(user.email))[0]!.text).toContain("alle Geräte abgemeldet");

    for (let i = 0; i < 6; i++) await expect(requestPasswordReset({ email: user.email })).resolves.toBeUndefined();
    // Five per mailbox in the window (the first request included): the flood stops at the budget.
    expect(await mailsTo(user.email)).toHaveLength(5);
  });

  it("lets a legacy account without a password set its first one", async () => {
    const user = await seedUser();
    expect(user.passwordHash).toBeNull();
    await complete(await requestAndReadToken(user.email));
    expect(await verifyPassword(NEW, await passwordOf(user.id))).toBe(true);
  });
});

describe("completePasswordReset", () => {
  it("checks the password before the link: a refused password leaves the link usable", async () => {
    const user = await seedPasswordUser();
    const token = await requestAndReadToken(user.email);

    await expect(complete(token, "kurz")).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "password", message: "Das Passwort braucht mindestens 12 Zeichen." }],
    });
    await expect(complete(token, "iloveyouiloveyou")).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "password", message: expect.stringContaining("Datenlecks") }],
    });
    expect(await db.magicLink.findUniqueOrThrow({ where: { tokenHash: sha256(token) } })).toMatchObject({ usedAt: null });
    expect(await verifyPassword(OLD, await passwordOf(user.id))).toBe(true);

    await expect(complete(token)).resolves.toBeDefined();
    expect(await verifyPassword(NEW, await passwordOf(user.id))).toBe(true);
  });

  it("ends every session, closes the other open login links and keeps the API tokens", async () => {
    const user = await seedPasswordUser({ rememberToken: "remember-me" });
    const sessions = [await seedSession(user.id), await seedSession(user.id)];
    const loginLink = await createLoginLink({ email: user.email, userId: user.id, purpose: "login" });
    const olderReset = await requestAndReadToken(user.email);
    const token = await requestAndReadToken(user.email);
    const apiToken = await db.apiToken.create({ data: { userId: user.id, name: "CMS", tokenHash: unique("token"), prefix: "pd_test" } });
    const stranger = await seedPasswordUser();
    const strangerSession = await seedSession(stranger.id);
    const before = Date.now();

    await expect(complete(token)).resolves.toEqual({ endedSessions: 2, closedLinks: 2 });

    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(Number(after.sessionsRevokedAtMs)).toBeGreaterThanOrEqual(before);
    expect(after.rememberToken).toBeNull();
    expect(await db.session.count({ where: { id: { in: sessions.map((s) => s.id) } } })).toBe(0);
    await expect(redeemLoginLink({ token: loginLink.token, purpose: "login" })).rejects.toEqual(linkRefused("expired"));
    await expect(complete(olderReset, "Ganz-anderes-Passwort-11")).rejects.toEqual(linkRefused("expired"));
    expect(await db.apiToken.findUnique({ where: { id: apiToken.id } })).toEqual(apiToken);
    expect(await db.session.findUnique({ where: { id: strangerSession.id } })).not.toBeNull();
    expect(await db.activityLog.count({ where: { type: "user.password_reset", subjectId: String(user.id) } })).toBe(1);
  });

  it("takes a link once", async () => {
    const user = await seedPasswordUser();
    const token = await requestAndReadToken(user.email);
    await complete(token);
    await expect(complete(token, "Ganz-anderes-Passwort-11")).rejects.toEqual(linkRefused("used"));
    expect(await verifyPassword(NEW, await passwordOf(user.id))).toBe(true);
  });

  it("lets exactly one of two simultaneous completions through", async () => {
    for (let round = 0; round < 3; round++) {
      const user = await seedPasswordUser();
      const token = await requestAndReadToken(user.email);
      const passwords = [`Erste-Wahl-${round}-Segelboot`, `Zweite-Wahl-${round}-Leuchtturm`];

      const results = await Promise.allSettled(passwords.map((p) => complete(token, p)));

      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(lost?.reason).toEqual(linkRefused("used"));
      const winner = passwords[results.findIndex((r) => r.status === "fulfilled")]!;
      expect(await verifyPassword(winner, await passwordOf(user.id))).toBe(true);
      expect(await db.activityLog.count({ where: { type: "user.password_reset", subjectId: String(user.id) } })).toBe(1);
    }
  });

  it("refuses an expired link and changes nothing", async () => {
    const user = await seedPasswordUser();
    const session = await seedSession(user.id);
    const requestedAt = new Date(Date.now() - 61 * MINUTE);
    const token = await requestAndReadToken(user.email, requestedAt);

    await expect(complete(token)).rejects.toEqual(linkRefused("expired"));
    expect(await verifyPassword(OLD, await passwordOf(user.id))).toBe(true);
    expect(await db.session.findUnique({ where: { id: session.id } })).not.toBeNull();
  });

  it("refuses a link whose account was deactivated or moved to another address since", async () => {
    const deactivated = await seedPasswordUser();
    const moved = await seedPasswordUser();
    const tokens = [await requestAndReadToken(deactivated.email), await requestAndReadToken(moved.email)];
    await db.user.update({ where: { id: deactivated.id }, data: { isActive: false } });
    await db.user.update({ where: { id: moved.id }, data: { email: `${unique("moved")}@example.test` } });

    for (const token of tokens) await expect(complete(token)).rejects.toEqual(linkRefused("unknown"));
    for (const user of [deactivated, moved]) expect(await verifyPassword(OLD, await passwordOf(user.id))).toBe(true);
  });

  it("confirms an open account first: what a squatter set on it goes, then the new password is stored", async () => {
    const { user } = await seedOpenAccount(`${unique("open")}@example.test`);
    await complete(await requestAndReadToken(user.email));

    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    expect(after).toMatchObject({ totpSecretEncrypted: null, rememberToken: null, pendingEmail: null });
    expect(await verifyPassword(NEW, after.passwordHash)).toBe(true);
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("shares the sign-in throttle: refused links count, and a blocked address is refused before anything", async () => {
    const user = await seedPasswordUser();
    const token = await requestAndReadToken(user.email);
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      await expect(complete(randomBytes(32).toString("base64url"), NEW, { ip })).rejects.toEqual(linkRefused("unknown"));
    }
    await expect(complete(token, NEW, { ip })).rejects.toBeInstanceOf(LoginThrottledError);
    expect(await db.magicLink.findUniqueOrThrow({ where: { tokenHash: sha256(token) } })).toMatchObject({ usedAt: null });
    await expect(complete(token, NEW, { ip: newIp() })).resolves.toBeDefined();
  });
});

describe("as the attacker", () => {
  it("a link of any other purpose cannot reset a password, and is not spent by trying", async () => {
    const user = await seedPasswordUser();
    const purposes: MagicLinkPurpose[] = ["login", "account_link", "email_change", "image_confirmation", "invitation"];
    for (const purpose of purposes) {
      const link = await createLoginLink({ email: user.email, userId: user.id, purpose });
      await expect(complete(link.token)).rejects.toEqual(linkRefused("purpose"));
      expect(await db.magicLink.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ usedAt: null });
    }
    expect(await verifyPassword(OLD, await passwordOf(user.id))).toBe(true);
  });

  it("a reset link signs nobody in through the login-link page, and still resets afterwards", async () => {
    const user = await seedPasswordUser();
    const token = await requestAndReadToken(user.email);
    await expect(signInWithLoginLink({ token, client: { ip: newIp(), userAgent: "test" } })).rejects.toBeInstanceOf(LoginRefusedError);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    await expect(complete(token)).resolves.toBeDefined();
  });

  it("a made-up or malformed token changes nothing", async () => {
    const user = await seedPasswordUser();
    for (const token of [randomBytes(32).toString("base64url"), "not-a-token", "", "A".repeat(5000)]) {
      await expect(complete(token)).rejects.toBeInstanceOf(LoginLinkInvalidError);
    }
    expect(await verifyPassword(OLD, await passwordOf(user.id))).toBe(true);
  });
});
