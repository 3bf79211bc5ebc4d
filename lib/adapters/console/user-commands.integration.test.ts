import { describe, expect, it } from "vitest";
import { newAuthenticator, registerWith } from "@/tests/passkey-fixtures";
import { seedTotpUser } from "@/tests/two-factor-fixtures";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { runCommand as run } from "@/tests/console-run";

// The last super-admin lost the passkey the sign-in asks for, and nobody is left to reset it in
// the admin area: the operator resets it from the server's shell.

describe("users:reset-second-factor", () => {
  it("removes app, recovery codes and passkeys as the super-admin's reset does, mails the account and records System on the console", async () => {
    const { user } = await seedTotpUser({ staffRole: "super_admin" });
    await registerWith(user.id, newAuthenticator());
    const r = await run("users:reset-second-factor", ` ${user.email.toUpperCase()} `);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/^reset the second factor of \S+ \(user \d+\): authenticator app removed/);
    expect(r.out[0]).toContain(`${user.email} (user ${user.id})`);
    expect(
      await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpSecretEncrypted: true, totpConfirmedAt: true } }),
    ).toEqual({ totpSecretEncrypted: null, totpConfirmedAt: null });
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(
      await db.activityLog.findFirstOrThrow({ where: { type: ACTIVITY.userTwoFactorReset, subjectId: String(user.id) } }),
    ).toMatchObject({ actorUserId: null, path: "console", metadata: { wasEnabled: true, recoveryCodesRemoved: 10, passkeysRemoved: 1 } });
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "security_notice" } })).toBe(1);
  });

  it("is a wrong call (exit 2) without an address or for an address no account has; nothing changes", async () => {
    const { user } = await seedTotpUser();
    for (const argv of [[], ["nobody-here@example.com"], ["not an address"]]) {
      const r = await run("users:reset-second-factor", ...argv);
      expect([r.code, r.err.at(-1)]).toEqual([2, "Usage: users:reset-second-factor <email>"]);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpConfirmedAt).not.toBeNull();
  });
});
