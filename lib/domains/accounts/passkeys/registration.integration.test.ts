import { describe, expect, it } from "vitest";
import { cacheStorePrefix } from "@/lib/core/cache/store";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { getRedis } from "@/lib/core/redis/client";
import { seedUser } from "@/tests/factories";
import { newAuthenticator, registerWith, seedUserWithPasskey } from "@/tests/passkey-fixtures";
import { registerPasskey } from "./register-passkey";
import { passkeyRegistrationOptions, registrationChallengeKey } from "./registration-options";
import { getRelyingParty } from "./relying-party";

/** A fresh identity proof of the session adding the passkey (purpose add_passkey): the e-mail code proves an account's first factor. */
const PROVED = { proof: { identityProvedAt: new Date(), identityProofKind: "email_code" } };

describe("passkey registration", () => {
  it("needs a fresh identity proof: a session alone adds no passkey", async () => {
    const user = await seedUser();
    const options = await passkeyRegistrationOptions(user.id);
    const answer = newAuthenticator().register(options);
    for (const provedAt of [null, new Date(Date.now() - 11 * 60_000)]) {
      await expect(
        registerPasskey(user.id, answer, "Laptop", { proof: { identityProvedAt: provedAt, identityProofKind: "email_code" } }),
      ).rejects.toMatchObject({ code: "identity_proof_required" });
    }
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
  });

  it("offers options for the hub and stores one row per passkey", async () => {
    const user = await seedUser({ name: "Erika Muster" });
    const authenticator = newAuthenticator();
    const rp = getRelyingParty();
    const options = await passkeyRegistrationOptions(user.id);
    expect(options.rp).toEqual({ id: rp.id, name: rp.name });
    expect(options.user).toMatchObject({ name: user.email, displayName: "Erika Muster" });
    // The user handle is opaque: neither the e-mail nor the row id.
    expect(Buffer.from(options.user.id, "base64url")).toHaveLength(32);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "preferred", userVerification: "preferred" });
    expect(options.excludeCredentials).toEqual([]);
    const ttl = await getRedis(getConfig().redis.url!).ttl(`${cacheStorePrefix()}${registrationChallengeKey(user.id)}`);
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(300);

    const created = await registerPasskey(user.id, authenticator.register(options), "  MacBook  ", PROVED);
    expect(created).toMatchObject({ name: "MacBook", backedUp: false, transports: ["internal"] });
    const row = await db.passkey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ userId: user.id, credentialId: authenticator.id, counter: 0n, lastUsedAt: null });
    expect(row.publicKey.length).toBeGreaterThan(64);
    expect(await db.activityLog.count({ where: { type: "passkey.registered", actorUserId: user.id, subjectId: String(created.id) } })).toBe(
      1,
    );
    // The account address hears of every new way in.
    expect((await db.mailOutbox.findFirstOrThrow({ where: { to: user.email, mailType: "passkey_changed" } })).text).toContain(
      "„MacBook“ wurde zu Ihrem Konto hinzugefügt",
    );

    // The next registration asks the browser not to enrol the same authenticator again.
    const again = await passkeyRegistrationOptions(user.id);
    expect(again.excludeCredentials).toEqual([{ id: authenticator.id, type: "public-key", transports: ["internal"] }]);
  });

  it("refuses an answer from another origin and spends the challenge", async () => {
    const user = await seedUser();
    const authenticator = newAuthenticator();
    const options = await passkeyRegistrationOptions(user.id);
    await expect(
      registerPasskey(user.id, authenticator.register(options, { origin: "https://evil.example" }), "Key", PROVED),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(registerPasskey(user.id, authenticator.register(options), "Key", PROVED)).rejects.toMatchObject({
      code: "validation_failed",
      message: expect.stringContaining("expired or was already used"),
    });
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a foreign challenge and a replayed answer", async () => {
    const user = await seedUser();
    const authenticator = newAuthenticator();
    const options = await passkeyRegistrationOptions(user.id);
    await expect(
      registerPasskey(user.id, authenticator.register(options, { challenge: "c2VsZi1tYWRl" }), "Key", PROVED),
    ).rejects.toMatchObject({ code: "validation_failed" });

    const fresh = await passkeyRegistrationOptions(user.id);
    const answer = authenticator.register(fresh);
    await registerPasskey(user.id, answer, "Key", PROVED);
    await expect(registerPasskey(user.id, answer, "Key", PROVED)).rejects.toMatchObject({
      code: "validation_failed",
      message: expect.stringContaining("expired or was already used"),
    });
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(1);
  });

  it("refuses a credential that is already registered, for the same or another account", async () => {
    const { user, authenticator } = await seedUserWithPasskey();
    await expect(registerWith(user.id, authenticator)).rejects.toMatchObject({ code: "conflict" });
    const other = await seedUser();
    await expect(registerWith(other.id, authenticator)).rejects.toMatchObject({ code: "conflict" });
    expect(await db.passkey.count({ where: { credentialId: authenticator.id } })).toBe(1);
  });

  it("lets one of two racing registrations of one credential win", async () => {
    const [a, b] = [await seedUser(), await seedUser()];
    const authenticator = newAuthenticator();
    const results = await Promise.allSettled([registerWith(a.id, authenticator), registerWith(b.id, authenticator)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "conflict" } });
  });

  it("checks the name before spending the challenge", async () => {
    const user = await seedUser();
    const authenticator = newAuthenticator();
    const answer = authenticator.register(await passkeyRegistrationOptions(user.id));
    await expect(registerPasskey(user.id, answer, "   ", PROVED)).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "name" }],
    });
    await expect(registerPasskey(user.id, answer, "x".repeat(101), PROVED)).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "name" }],
    });
    await expect(registerPasskey(user.id, answer, "YubiKey", PROVED)).resolves.toMatchObject({ name: "YubiKey" });
  });

  it("refuses an authenticator that did not verify the person", async () => {
    const user = await seedUser();
    const options = await passkeyRegistrationOptions(user.id);
    await expect(
      registerPasskey(user.id, newAuthenticator().register(options, { userVerified: false }), "Key", PROVED),
    ).rejects.toMatchObject({ code: "validation_failed" });
  });

  it("refuses inactive and deleted accounts", async () => {
    const inactive = await seedUser({ isActive: false });
    const deleted = await seedUser({ deletedAt: new Date() });
    await expect(passkeyRegistrationOptions(inactive.id)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(passkeyRegistrationOptions(deleted.id)).rejects.toMatchObject({ code: "unauthenticated" });

    const user = await seedUser();
    const answer = newAuthenticator().register(await passkeyRegistrationOptions(user.id));
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    await expect(registerPasskey(user.id, answer, "Key", PROVED)).rejects.toMatchObject({ code: "unauthenticated" });
  });
});
