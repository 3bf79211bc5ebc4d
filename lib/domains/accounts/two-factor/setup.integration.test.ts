import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { newAuthenticator, registerWith } from "@/tests/passkey-fixtures";
import { registerPasskey } from "@/lib/domains/accounts/passkeys/register-passkey";
import { passkeyRegistrationOptions } from "@/lib/domains/accounts/passkeys/registration-options";
import { beginTotpSetup, TOTP_SETUP_MINUTES } from "./begin-totp-setup";
import { confirmTotpSetup } from "./confirm-totp-setup";
import { hashRecoveryCode, normalizeRecoveryCode } from "./recovery-codes";
import { openTotpSecret } from "./secret-box";
import { codeAt, seedUserWithRandomId, wrongCodeAt } from "@/tests/two-factor-fixtures";
import { getTwoFactorStatus } from "./two-factor-status";
import { verifyTotpChallenge } from "./verify-totp-challenge";

/** The session's proof of a first two-factor setup: the e-mail code, given just now (the account has no strong factor). */
const PROOF = { identityProvedAt: new Date(), identityProofKind: "email_code" };
const proved = (now?: Date) => ({ proof: { ...PROOF, identityProvedAt: now ?? new Date() }, ...(now ? { now } : {}) });

const stored = (userId: number) =>
  db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecretEncrypted: true, totpConfirmedAt: true } });

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
    const { recoveryCodes } = await confirmTotpSetup(user.id, await codeAt(secret, new Date()), proved());
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
    await expect(confirmTotpSetup(user.id, await wrongCodeAt(secret, new Date()), proved())).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "code" }],
    });
    await expect(confirmTotpSetup(user.id, "abc", proved())).rejects.toMatchObject({ code: "validation_failed" });
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
    if (oldCode !== (await codeAt(second.secret, now)))
      await expect(confirmTotpSetup(user.id, oldCode, proved())).rejects.toMatchObject({ code: "validation_failed" });
    await confirmTotpSetup(user.id, await codeAt(second.secret, now), proved(now));
    expect(openTotpSecret((await stored(user.id)).totpSecretEncrypted!, user.id)).toBe(second.secret);
  });

  it("the code that confirmed the setup cannot pass the challenge again", async () => {
    const user = await seedUserWithRandomId();
    const { secret } = await beginTotpSetup(user.id);
    const now = new Date();
    const code = await codeAt(secret, now);
    await confirmTotpSetup(user.id, code, proved(now));
    expect(await verifyTotpChallenge(user.id, code, { now })).toEqual({ ok: false, reason: "replayed" });
  });

  it("expires 10 minutes after it began: the app's code no longer confirms it", async () => {
    const user = await seedUserWithRandomId();
    const begun = new Date();
    const { secret } = await beginTotpSetup(user.id, { now: begun });
    const late = new Date(begun.getTime() + TOTP_SETUP_MINUTES * 60_000 + 1000);
    await expect(confirmTotpSetup(user.id, await codeAt(secret, late), proved(late))).rejects.toMatchObject({ code: "gone" });
    expect((await stored(user.id)).totpConfirmedAt).toBeNull();
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
  });

  it("begun with the mailbox alone, is not finished after the account gained a passkey (only the passkey proves a further factor)", async () => {
    // The thief with the mailbox begins a setup by e-mail code; the owner then adds a passkey.
    const user = await seedUserWithRandomId();
    const { secret } = await beginTotpSetup(user.id);
    await registerWith(user.id, newAuthenticator());
    const now = new Date();
    await expect(confirmTotpSetup(user.id, await codeAt(secret, now), proved(now))).rejects.toMatchObject({
      code: "identity_proof_required",
    });
    expect((await stored(user.id)).totpConfirmedAt).toBeNull();
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "security_notice" } })).toBe(0);
  });

  it("a first passkey and a first app proved by the mailbox at once: the proof is checked under the account's lock, one of them is enrolled", async () => {
    const user = await seedUserWithRandomId();
    const { secret } = await beginTotpSetup(user.id);
    const registration = newAuthenticator().register(await passkeyRegistrationOptions(user.id));
    const now = new Date();
    const results = await Promise.allSettled([
      registerPasskey(user.id, registration, "Fremder Schlüssel", proved(now)),
      confirmTotpSetup(user.id, await codeAt(secret, now), proved(now)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "identity_proof_required" } });
    const enrolled = (await db.passkey.count({ where: { userId: user.id } })) + ((await stored(user.id)).totpConfirmedAt ? 1 : 0);
    expect(enrolled).toBe(1);
  });
});
