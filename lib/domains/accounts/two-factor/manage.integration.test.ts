import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { disableTotp } from "./disable-totp";
import { TwoFactorThrottledError } from "./errors";
import { renewRecoveryCodes } from "./renew-recovery-codes";
import { resetSecondFactor } from "./reset-second-factor";
import { clearOfWindowEnd } from "@/tests/rate-limit-window";
import { codeAt, seedTotpUser, seedUserWithRandomId, wrongCodeAt } from "@/tests/two-factor-fixtures";
import { getTwoFactorStatus } from "./two-factor-status";
import { verifyTotpChallenge } from "./verify-totp-challenge";

const twoFactorRow = (userId: number) =>
  db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecretEncrypted: true, totpConfirmedAt: true } });

describe("disabling TOTP", () => {
  it("needs a current app code; a wrong or missing proof changes nothing", async () => {
    const { user, secret } = await seedTotpUser();
    const now = new Date();
    for (const proof of [await wrongCodeAt(secret, now), "", "abcde-fghij"]) {
      await expect(disableTotp(user.id, proof, { now })).rejects.toMatchObject({ code: "validation_failed" });
    }
    expect((await getTwoFactorStatus(user.id)).enabled).toBe(true);

    await disableTotp(user.id, await codeAt(secret, now), { now });
    expect(await twoFactorRow(user.id)).toEqual({ totpSecretEncrypted: null, totpConfirmedAt: null });
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    await expect(disableTotp(user.id, await codeAt(secret, now), { now })).rejects.toMatchObject({ code: "conflict" });
  });

  it("accepts a recovery code as proof", async () => {
    const { user, recoveryCodes } = await seedTotpUser();
    await disableTotp(user.id, recoveryCodes[3]!);
    expect(await getTwoFactorStatus(user.id)).toEqual({ enabled: false, setupPending: false, unusedRecoveryCodes: 0 });
  });

  it("counts its proofs toward the same throttle as the challenge", async () => {
    const { user, secret } = await seedTotpUser();
    await clearOfWindowEnd(60);
    const now = new Date();
    for (let i = 0; i < 3; i++)
      await expect(disableTotp(user.id, await wrongCodeAt(secret, now), { now })).rejects.toMatchObject({ code: "validation_failed" });
    for (let i = 0; i < 2; i++)
      expect(await verifyTotpChallenge(user.id, await wrongCodeAt(secret, now), { now })).toMatchObject({ ok: false });
    await expect(disableTotp(user.id, await codeAt(secret, now), { now })).rejects.toBeInstanceOf(TwoFactorThrottledError);
    expect((await getTwoFactorStatus(user.id)).enabled).toBe(true);
  });
});

describe("renewing recovery codes", () => {
  it("replaces every code, used or not, with ten new ones", async () => {
    const { user, secret, recoveryCodes: old } = await seedTotpUser();
    expect(await verifyTotpChallenge(user.id, old[0]!)).toMatchObject({ ok: true });
    const { recoveryCodes: fresh } = await renewRecoveryCodes(user.id, old[1]!);
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    const rows = await db.twoFactorRecoveryCode.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.consumedAt === null)).toBe(true);

    expect(await verifyTotpChallenge(user.id, old[2]!)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyTotpChallenge(user.id, fresh[0]!)).toEqual({ ok: true, method: "recovery_code" });
    // TOTP itself stays as it was.
    expect((await twoFactorRow(user.id)).totpConfirmedAt).not.toBeNull();
    const now = new Date();
    expect(await verifyTotpChallenge(user.id, await codeAt(secret, now), { now })).toEqual({ ok: true, method: "totp" });
  });

  it("refuses without a valid proof and keeps the old codes", async () => {
    const { user, secret } = await seedTotpUser();
    const before = await db.twoFactorRecoveryCode.findMany({ where: { userId: user.id }, select: { codeHash: true } });
    await expect(renewRecoveryCodes(user.id, await wrongCodeAt(secret, new Date()))).rejects.toMatchObject({ code: "validation_failed" });
    expect(await db.twoFactorRecoveryCode.findMany({ where: { userId: user.id }, select: { codeHash: true } })).toEqual(before);

    const without = await seedUserWithRandomId();
    await expect(renewRecoveryCodes(without.id, "123456")).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("super-admin reset", () => {
  it("removes secret, confirmation and recovery codes and logs who did it", async () => {
    const admin = await seedUserWithRandomId({ staffRole: "super_admin" });
    const { user, recoveryCodes } = await seedTotpUser();
    expect(await resetSecondFactor(admin.id, user.id)).toEqual({ wasEnabled: true });
    expect(await twoFactorRow(user.id)).toEqual({ totpSecretEncrypted: null, totpConfirmedAt: null });
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await verifyTotpChallenge(user.id, recoveryCodes[0]!)).toEqual({ ok: false, reason: "not_enabled" });

    const log = await db.activityLog.findMany({ where: { type: ACTIVITY.userTwoFactorReset, subjectId: String(user.id) } });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorUserId: admin.id, subjectType: "user", metadata: { wasEnabled: true, recoveryCodesRemoved: 10 } });
  });

  it("is refused to everyone but an active super-admin, and changes nothing then", async () => {
    const { user } = await seedTotpUser();
    const actors = await Promise.all([
      seedUserWithRandomId(),
      seedUserWithRandomId({ staffRole: "admin", permissions: ["users:manage"] }),
      seedUserWithRandomId({ staffRole: "super_admin", isActive: false }),
      seedUserWithRandomId({ staffRole: "super_admin", deletedAt: new Date() }),
    ]);
    for (const actor of [...actors.map((a) => a.id), user.id])
      await expect(resetSecondFactor(actor, user.id)).rejects.toMatchObject({ code: "forbidden" });
    expect((await getTwoFactorStatus(user.id)).enabled).toBe(true);
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: user.id } })).toBe(10);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.userTwoFactorReset, subjectId: String(user.id) } })).toBe(0);
  });

  it("answers not found for an unknown account", async () => {
    const admin = await seedUserWithRandomId({ staffRole: "super_admin" });
    await expect(resetSecondFactor(admin.id, 2_100_000_000)).rejects.toMatchObject({ code: "not_found" });
  });
});
