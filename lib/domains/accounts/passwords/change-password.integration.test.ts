import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedUser, unique } from "@/tests/factories";
import { changePassword } from "./change-password";
import { embeddedListBreachCheck } from "./embedded-list-check";
import { hashPassword, verifyPassword } from "./hash";
import { hashScrypt } from "./legacy-scrypt";

const breachCheck = embeddedListBreachCheck();
const OLD = "Kranich-Ufer-Stein-47";
const NEW = "Nebel-Turm-Fahrrad-93";

// Ids far from other test files' users: the password-attempt counter lives in the shared Redis
// and is keyed by user id, so two files' user 3 must not share a budget.
const seedAccount = async (passwordHash: string | null) => seedUser({ id: randomInt(1_000_000, 2_000_000_000), passwordHash });
const seedSession = (userId: number) =>
  db.session.create({ data: { userId, sessionTokenHash: unique("session"), expiresAt: new Date(Date.now() + 86_400_000) } });
const sessionIds = async (userId: number) => (await db.session.findMany({ where: { userId }, orderBy: { id: "asc" } })).map((s) => s.id);

describe("changePassword", () => {
  it("stores an argon2id hash, keeps the current session and ends the others", async () => {
    const user = await seedAccount(await hashPassword(OLD));
    const current = await seedSession(user.id);
    await seedSession(user.id);
    await seedSession(user.id);
    const stranger = await seedAccount(null);
    const strangerSession = await seedSession(stranger.id);

    const result = await changePassword({
      userId: user.id,
      currentSessionId: current.id,
      currentPassword: OLD,
      newPassword: NEW,
      breachCheck,
    });

    expect(result).toEqual({ endedSessions: 2 });
    expect(await sessionIds(user.id)).toEqual([current.id]);
    expect(await sessionIds(stranger.id)).toEqual([strangerSession.id]);
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(NEW, after.passwordHash)).toBe(true);
    expect(await verifyPassword(OLD, after.passwordHash)).toBe(false);
    // The revocation timestamp would end the current session too, so it stays untouched.
    expect(after.sessionsRevokedAtMs).toBeNull();
    const activity = await db.activityLog.findFirstOrThrow({ where: { type: "user.password_changed", subjectId: String(user.id) } });
    expect(activity).toMatchObject({ actorUserId: user.id, metadata: { endedSessions: 2, firstPassword: false } });
    expect(JSON.stringify(activity.metadata)).not.toContain(NEW);
  });

  it("refuses a wrong or missing current password and changes nothing", async () => {
    const oldHash = await hashPassword(OLD);
    const user = await seedAccount(oldHash);
    const [current, other] = [await seedSession(user.id), await seedSession(user.id)];

    await expect(
      changePassword({
        userId: user.id,
        currentSessionId: current.id,
        currentPassword: "Falsches-Passwort-1",
        newPassword: NEW,
        breachCheck,
      }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "currentPassword", message: "Das aktuelle Passwort stimmt nicht." }],
    });
    await expect(changePassword({ userId: user.id, currentSessionId: current.id, newPassword: NEW, breachCheck })).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "currentPassword" }],
    });

    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(oldHash);
    expect(await sessionIds(user.id)).toEqual([current.id, other.id]);
    expect(await db.activityLog.count({ where: { type: "user.password_changed", subjectId: String(user.id) } })).toBe(0);
  });

  it("applies the policy to the new password and changes nothing when it fails", async () => {
    const oldHash = await hashPassword(OLD);
    const user = await seedAccount(oldHash);
    const other = await seedSession(user.id);
    for (const newPassword of ["zu-kurz-123", "Password1234"]) {
      await expect(changePassword({ userId: user.id, currentPassword: OLD, newPassword, breachCheck })).rejects.toMatchObject({
        code: "validation_failed",
        issues: [{ path: "password" }],
      });
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(oldHash);
    expect(await sessionIds(user.id)).toEqual([other.id]);
  });

  it("accepts the current password as an old scrypt hash", async () => {
    const user = await seedAccount(await hashScrypt(OLD));
    await changePassword({ userId: user.id, currentPassword: OLD, newPassword: NEW, breachCheck });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("lets a password-less legacy account set its first password after a fresh identity proof, never on the session alone", async () => {
    const user = await seedAccount(null);
    const current = await seedSession(user.id);
    await seedSession(user.id);
    for (const firstPasswordProvedAt of [undefined, null, new Date(Date.now() - 11 * 60_000)]) {
      await expect(
        changePassword({ userId: user.id, currentSessionId: current.id, newPassword: NEW, breachCheck, firstPasswordProvedAt }),
      ).rejects.toMatchObject({ code: "identity_proof_required" });
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBeNull();
    expect(
      await changePassword({
        userId: user.id,
        currentSessionId: current.id,
        newPassword: NEW,
        breachCheck,
        firstPasswordProvedAt: new Date(),
      }),
    ).toEqual({ endedSessions: 1 });
    expect(await verifyPassword(NEW, (await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash)).toBe(true);
    expect(await db.activityLog.findFirstOrThrow({ where: { type: "user.password_changed", subjectId: String(user.id) } })).toMatchObject({
      metadata: { firstPassword: true },
    });
  });

  it("stops guessing the current password after five attempts a minute", async () => {
    const user = await seedAccount(await hashPassword(OLD));
    for (let i = 0; i < 5; i++)
      await changePassword({ userId: user.id, currentPassword: `Falsch-geraten-${i}`, newPassword: NEW, breachCheck }).catch(() => {});
    await expect(changePassword({ userId: user.id, currentPassword: OLD, newPassword: NEW, breachCheck })).rejects.toMatchObject({
      code: "rate_limited",
    });
  });

  it("refuses an unknown or deleted account", async () => {
    const deleted = await seedAccount(null);
    await db.user.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    await expect(changePassword({ userId: deleted.id, newPassword: NEW, breachCheck })).rejects.toMatchObject({ code: "not_found" });
    await expect(changePassword({ userId: 1, newPassword: NEW, breachCheck })).rejects.toMatchObject({ code: "not_found" });
  });
});
