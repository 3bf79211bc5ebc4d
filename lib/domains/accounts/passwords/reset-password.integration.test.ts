import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedUser, unique } from "@/tests/factories";
import { embeddedListBreachCheck } from "./embedded-list-check";
import { hashPassword, verifyPassword } from "./hash";
import { resetPassword } from "./reset-password";

const breachCheck = embeddedListBreachCheck();
const NEW = "Nebel-Turm-Fahrrad-93";
const NOW = new Date();
const HOUR = 3_600_000;

const seedSession = (userId: number) =>
  db.session.create({ data: { userId, sessionTokenHash: unique("session"), expiresAt: new Date(NOW.getTime() + 24 * HOUR) } });
const seedLink = (data: { userId?: number | null; email: string; expiresAt?: Date; usedAt?: Date | null }) =>
  db.magicLink.create({ data: { tokenHash: unique("link"), purpose: "login", expiresAt: new Date(NOW.getTime() + HOUR), ...data } });
const seedToken = (userId: number) => db.apiToken.create({ data: { userId, name: "CMS", tokenHash: unique("token"), prefix: "pd_test" } });

describe("resetPassword", () => {
  it("sets the new password, ends every session and open login link, and keeps API tokens", async () => {
    const user = await seedUser({ passwordHash: await hashPassword("Kranich-Ufer-Stein-47"), rememberToken: "remember-me" });
    await seedSession(user.id);
    await seedSession(user.id);
    const openLink = await seedLink({ userId: user.id, email: user.email });
    const resetLink = await db.magicLink.create({
      data: {
        tokenHash: unique("link"),
        userId: user.id,
        email: user.email,
        purpose: "password_reset",
        expiresAt: new Date(NOW.getTime() + HOUR),
      },
    });
    const addressedLink = await seedLink({ userId: null, email: user.email });
    const usedAt = new Date(NOW.getTime() - HOUR);
    const usedLink = await seedLink({ userId: user.id, email: user.email, usedAt });
    const token = await seedToken(user.id);
    const stranger = await seedUser();
    const strangerSession = await seedSession(stranger.id);
    const strangerLink = await seedLink({ userId: stranger.id, email: stranger.email });

    const result = await resetPassword({ userId: user.id, newPassword: NEW, breachCheck, now: NOW });

    expect(result).toEqual({ endedSessions: 2, closedLinks: 3 });
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(NEW, after.passwordHash)).toBe(true);
    // Sessions without a row (signed cookies) end through the timestamp.
    expect(after.sessionsRevokedAtMs).toBe(BigInt(NOW.getTime()));
    expect(after.rememberToken).toBeNull();
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    for (const link of [openLink, resetLink, addressedLink]) {
      expect(await db.magicLink.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ expiresAt: NOW, usedAt: null });
    }
    // A redeemed link keeps its record untouched.
    expect(await db.magicLink.findUniqueOrThrow({ where: { id: usedLink.id } })).toMatchObject({ usedAt, expiresAt: usedLink.expiresAt });
    expect(await db.apiToken.findUnique({ where: { id: token.id } })).toEqual(token);
    // Another account is not touched.
    expect(await db.session.findUnique({ where: { id: strangerSession.id } })).not.toBeNull();
    expect(await db.magicLink.findUniqueOrThrow({ where: { id: strangerLink.id } })).toMatchObject({ expiresAt: strangerLink.expiresAt });
    expect(await db.activityLog.findFirstOrThrow({ where: { type: "user.password_reset", subjectId: String(user.id) } })).toMatchObject({
      actorUserId: user.id,
      metadata: { endedSessions: 2, closedLinks: 3 },
    });
  });

  it("refuses a short or breached password and ends nothing", async () => {
    const oldHash = await hashPassword("Kranich-Ufer-Stein-47");
    const user = await seedUser({ passwordHash: oldHash });
    const session = await seedSession(user.id);
    const link = await seedLink({ userId: user.id, email: user.email });
    for (const newPassword of ["kurz", "iloveyouiloveyou"]) {
      await expect(resetPassword({ userId: user.id, newPassword, breachCheck, now: NOW })).rejects.toMatchObject({
        code: "validation_failed",
        issues: [{ path: "password" }],
      });
    }
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after).toMatchObject({ passwordHash: oldHash, sessionsRevokedAtMs: null });
    expect(await db.session.findUnique({ where: { id: session.id } })).not.toBeNull();
    expect(await db.magicLink.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ expiresAt: link.expiresAt });
  });

  it("gives a password to a password-less legacy account", async () => {
    const user = await seedUser();
    await resetPassword({ userId: user.id, newPassword: NEW, breachCheck, now: NOW });
    expect(await verifyPassword(NEW, (await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash)).toBe(true);
  });
});
