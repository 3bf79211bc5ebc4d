import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { beginTotpSetup } from "./begin-totp-setup";
import { confirmTotpSetup } from "./confirm-totp-setup";
import { hashRecoveryCode, normalizeRecoveryCode } from "./recovery-codes";
import { openTotpSecret } from "./secret-box";
import { codeAt, seedUserWithRandomId, wrongCodeAt } from "./test-fixtures";
import { getTwoFactorStatus } from "./two-factor-status";
import { verifyTotpChallenge } from "./verify-totp-challenge";

const stored = (userId: number) => db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecretEncrypted: true, totpConfirmedAt: true } });

describe("TOTP setup", () => {
  it("returns an otpauth URI and the secret, and stores the secret only encrypted", async () => {
    const user = await seedUserWithRandomId();
    const setup = await beginTotpSetup(user.id);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("Pressdesk");
    expect(uri.searchParams.get("secret")).toBe(setup.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);

    const row = await stored(user.id);
    expect(row.totpConfirmedAt).toBeNull();
    expect(row.totpSecretEncrypted).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.totpSecretEncrypted).not.toContain(setup.secret);
    expect(row.totpSecretEncrypted).not.toContain(Buffer.from(setup.secret).toString("base64url"));
    expect(openTotpSecret(row.totpSecretEncrypted!, user.id)).toBe(setup.secret);
    // Bound to its account and tamper-evident.
    expect(() => openTotpSecret(row.totpSecretEncrypted!, user.id + 1)).toThrow();
    const [v, iv, ct, tag] = row.totpSecretEncrypted!.split(".") as [string, string, string, string];
    const flipped = Buffer.from(ct, "base64url");
    flipped[0]! ^= 1;
    expect(() => openTotpSecret([v, iv, flipped.toString("base64url"), tag].join("."), user.id)).toThrow();
    expect(() => openTotpSecret(["v9", iv, ct, tag].join("."), user.id)).toThrow(/unknown format/);
  });

  it("confirms with a code from the app and hands out ten recovery codes, stored only as hashes", async () => {
    const user = await seedUserWithRandomId();
    const { secret } = await beginTotpSetup(user.id);
    const { recoveryCodes } = await confirmTotpSetup(user.id, await codeAt(secret, new Date()));
    expect((await stored(user.id)).totpConfirmedAt).not.toBeNull();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const rows = await db.twoFactorRecoveryCode.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(10);
    const hashes = new Set(rows.map((r) => r.codeHash));
    for (const code of recoveryCodes) {
      expect(hashes.has(hashRecoveryCode(normalizeRecoveryCode(code)!))).toBe(true);
      for (const h of hashes) expect(h).not.toContain(code.replace("-", ""));
    }
    expect(await getTwoFactorStatus(user.id)).toEqual({ enabled: true, setupPending: false, unusedRecoveryCodes: 10 });
    // Enabled: a second setup needs disabling first.
    await expect(beginTotpSetup(user.id)).rejects.toMatchObject({ code: "conflict" });
  });

  it("refuses a wrong code and leaves the setup unconfirmed", async () => {
    const user = await seedUserWithRandomId();
    const { secret } = await beginTotpSetup(user.id);
    await expect(confirmTotpSetup(user.id, await wrongCodeAt(secret, new Date()))).rejects.toMatchObject({ code: "validation_failed", issues: [{ path: "code" }] });
    await expect(confirmTotpSetup(user.id, "abc")).rejects.toMatchObject({ code: "validation_failed" });
    expect((await stored(user.id)).totpConfirmedAt).toBeNull();
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await getTwoFactorStatus(user.id)).toEqual({ enabled: false, setupPending: true, unusedRecoveryCodes: 0 });
    // A user without TOTP is not sent to the challenge.
    expect(await verifyTotpChallenge(user.id, await codeAt(secret, new Date()))).toEqual({ ok: false, reason: "not_enabled" });
  });

  it("a restarted setup replaces the secret, so a code of the old one no longer confirms", async () => {
    const user = await seedUserWithRandomId();
    const first = await beginTotpSetup(user.id);
    const second = await beginTotpSetup(user.id);
    expect(second.secret).not.toBe(first.secret);
    const now = new Date();
    const oldCode = await codeAt(first.secret, now);
    if (oldCode !== (await codeAt(second.secret, now))) await expect(confirmTotpSetup(user.id, oldCode)).rejects.toMatchObject({ code: "validation_failed" });
    await confirmTotpSetup(user.id, await codeAt(second.secret, now));
    expect(openTotpSecret((await stored(user.id)).totpSecretEncrypted!, user.id)).toBe(second.secret);
  });

  it("the code that confirmed the setup cannot pass the challenge again", async () => {
    const user = await seedUserWithRandomId();
    const { secret } = await beginTotpSetup(user.id);
    const now = new Date();
    const code = await codeAt(secret, now);
    await confirmTotpSetup(user.id, code, { now });
    expect(await verifyTotpChallenge(user.id, code, { now })).toEqual({ ok: false, reason: "replayed" });
  });
});
