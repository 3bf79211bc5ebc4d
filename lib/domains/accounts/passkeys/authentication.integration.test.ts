import { describe, expect, it } from "vitest";
import { cacheStorePrefix, getDisposableStore } from "@/lib/core/cache/store";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { getRedis } from "@/lib/core/redis/client";
import { seedUser } from "@/tests/factories";
import { authenticationChallengeKey, passkeyAuthenticationOptions, passkeyAuthenticationOptionsForUser } from "./authentication-options";
import { deletePasskey } from "./manage-passkeys";
import { newAuthenticator, registerWith, seedUserWithPasskey } from "@/tests/passkey-fixtures";
import { getRelyingParty } from "./relying-party";
import { verifyPasskeyAuthentication } from "./verify-authentication";

const EXPIRED_OR_USED = { code: "unauthenticated", message: expect.stringContaining("expired or was already used") };

describe("passkey sign-in", () => {
  it("signs in without a user name and records the use", async () => {
    const { user, authenticator, passkey } = await seedUserWithPasskey();
    const { handle, options } = await passkeyAuthenticationOptions();
    expect(options).toMatchObject({ rpId: getRelyingParty().id, userVerification: "required" });
    expect(options.allowCredentials).toBeUndefined();
    const ttl = await getRedis(getConfig().redis.url!).ttl(`${cacheStorePrefix()}${authenticationChallengeKey(handle)}`);
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(300);

    const now = new Date("2026-03-03T09:00:00Z");
    expect(await verifyPasskeyAuthentication(handle, authenticator.authenticate(options), now)).toBe(user.id);
    const row = await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } });
    expect(row).toMatchObject({ counter: 1n, lastUsedAt: now });
  });

  it("refuses an answer from another origin", async () => {
    const { authenticator } = await seedUserWithPasskey();
    const { handle, options } = await passkeyAuthenticationOptions();
    await expect(
      verifyPasskeyAuthentication(handle, authenticator.authenticate(options, { origin: "https://evil.example" })),
    ).rejects.toMatchObject({ code: "unauthenticated", message: "The passkey could not be verified." });
  });

  it("refuses a challenge used twice, also when both uses race", async () => {
    const { user, authenticator } = await seedUserWithPasskey();
    const first = await passkeyAuthenticationOptions();
    const answer = authenticator.authenticate(first.options);
    expect(await verifyPasskeyAuthentication(first.handle, answer)).toBe(user.id);
    await expect(verifyPasskeyAuthentication(first.handle, answer)).rejects.toMatchObject(EXPIRED_OR_USED);

    // The same answer under a new handle carries the old challenge.
    const second = await passkeyAuthenticationOptions();
    await expect(verifyPasskeyAuthentication(second.handle, authenticator.authenticate(first.options))).rejects.toMatchObject({
      code: "unauthenticated",
    });

    const third = await passkeyAuthenticationOptions();
    const raced = authenticator.authenticate(third.options);
    const results = await Promise.allSettled([
      verifyPasskeyAuthentication(third.handle, raced),
      verifyPasskeyAuthentication(third.handle, raced),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("refuses expired, unknown and malformed handles", async () => {
    const { authenticator } = await seedUserWithPasskey();
    const { handle, options } = await passkeyAuthenticationOptions();
    // Expiry is Redis's TTL (checked above); dropping the key is what it does after 5 minutes.
    await getDisposableStore().del(authenticationChallengeKey(handle));
    await expect(verifyPasskeyAuthentication(handle, authenticator.authenticate(options))).rejects.toMatchObject(EXPIRED_OR_USED);
    const unknown = Buffer.alloc(32, 7).toString("base64url");
    await expect(verifyPasskeyAuthentication(unknown, authenticator.authenticate(options))).rejects.toMatchObject(EXPIRED_OR_USED);
    await expect(verifyPasskeyAuthentication("@/lib/domains/other:key", authenticator.authenticate(options))).rejects.toMatchObject(
      EXPIRED_OR_USED,
    );
  });

  it("refuses a signature counter that does not grow, as a possible copy of the key", async () => {
    const { authenticator, passkey } = await seedUserWithPasskey(5);
    let start = await passkeyAuthenticationOptions();
    await verifyPasskeyAuthentication(start.handle, authenticator.authenticate(start.options, { counter: 7 }));

    for (const counter of [7, 6]) {
      start = await passkeyAuthenticationOptions();
      await expect(verifyPasskeyAuthentication(start.handle, authenticator.authenticate(start.options, { counter }))).rejects.toMatchObject(
        { code: "unauthenticated", message: expect.stringContaining("may have been copied") },
      );
    }
    // Once the stored counter counts, an answer of 0 is the same warning sign (WebAuthn 7.2).
    start = await passkeyAuthenticationOptions();
    await expect(
      verifyPasskeyAuthentication(start.handle, authenticator.authenticate(start.options, { counter: 0 })),
    ).rejects.toMatchObject({ message: expect.stringContaining("may have been copied") });
    expect((await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } })).counter).toBe(7n);

    start = await passkeyAuthenticationOptions();
    await verifyPasskeyAuthentication(start.handle, authenticator.authenticate(start.options, { counter: 8 }));
    expect((await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } })).counter).toBe(8n);
  });

  it("accepts passkeys that never count (both counters zero)", async () => {
    const { user, authenticator } = await seedUserWithPasskey(null);
    for (let i = 0; i < 2; i++) {
      const { handle, options } = await passkeyAuthenticationOptions();
      expect(await verifyPasskeyAuthentication(handle, authenticator.authenticate(options))).toBe(user.id);
    }
  });

  it("refuses an answer without user verification", async () => {
    const { authenticator } = await seedUserWithPasskey();
    const { handle, options } = await passkeyAuthenticationOptions();
    await expect(verifyPasskeyAuthentication(handle, authenticator.authenticate(options, { userVerified: false }))).rejects.toMatchObject({
      code: "unauthenticated",
    });
  });

  it("refuses a deleted passkey and an unknown credential", async () => {
    const { user, authenticator, passkey } = await seedUserWithPasskey();
    await deletePasskey(user.id, passkey.id, { proof: { identityProvedAt: new Date(), identityProofKind: "passkey" } });
    let start = await passkeyAuthenticationOptions();
    await expect(verifyPasskeyAuthentication(start.handle, authenticator.authenticate(start.options))).rejects.toMatchObject({
      code: "unauthenticated",
      message: expect.stringContaining("not registered"),
    });
    start = await passkeyAuthenticationOptions();
    await expect(verifyPasskeyAuthentication(start.handle, newAuthenticator().authenticate(start.options))).rejects.toMatchObject({
      code: "unauthenticated",
    });
  });

  it("refuses inactive and deleted accounts", async () => {
    const { user, authenticator } = await seedUserWithPasskey();
    for (const data of [{ isActive: false }, { isActive: true, deletedAt: new Date() }]) {
      await db.user.update({ where: { id: user.id }, data });
      const { handle, options } = await passkeyAuthenticationOptions();
      await expect(verifyPasskeyAuthentication(handle, authenticator.authenticate(options))).rejects.toMatchObject({
        code: "unauthenticated",
        message: "This account is not active.",
      });
    }
  });
});

describe("passkey confirmation of a known user", () => {
  it("offers only that user's passkeys and refuses anyone else's", async () => {
    const { user, authenticator } = await seedUserWithPasskey();
    const second = newAuthenticator();
    await registerWith(user.id, second, "Phone");
    const stranger = await seedUserWithPasskey();

    const { handle, options } = await passkeyAuthenticationOptionsForUser(user.id);
    expect(options.allowCredentials?.map((c) => c.id).sort()).toEqual([authenticator.id, second.id].sort());
    await expect(verifyPasskeyAuthentication(handle, stranger.authenticator.authenticate(options))).rejects.toMatchObject({
      code: "unauthenticated",
      message: expect.stringContaining("does not belong"),
    });

    const again = await passkeyAuthenticationOptionsForUser(user.id);
    expect(await verifyPasskeyAuthentication(again.handle, second.authenticate(again.options))).toBe(user.id);
  });

  it("says so when the account has no passkey, and refuses inactive accounts", async () => {
    await expect(passkeyAuthenticationOptionsForUser((await seedUser()).id)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(passkeyAuthenticationOptionsForUser((await seedUser({ isActive: false })).id)).rejects.toMatchObject({
      code: "unauthenticated",
    });
  });
});
