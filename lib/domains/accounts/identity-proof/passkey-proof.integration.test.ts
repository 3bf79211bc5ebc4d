import { describe, expect, it } from "vitest";
import { newAuthenticator, registerWith } from "@/tests/passkey-fixtures";
import { db } from "@/lib/core/db/client";
import { passkeyProofOptions } from "./passkey-proof";
import { proveIdentity } from "./prove-identity";
import { seedAccount } from "@/tests/identity-proof-fixtures";

const refused = (reason: string) => expect.objectContaining({ name: "IdentityProofRefusedError", reason });

describe("passkey proof", () => {
  it("passes with this user's passkey answering this user's options, once", async () => {
    const { user, authenticator } = await seedAccount({ password: true, passkey: true });
    const options = await passkeyProofOptions(user.id);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator!.id]);
    expect(options.userVerification).toBe("required");
    const response = authenticator!.authenticate(options);
    const now = new Date("2026-03-03T09:00:00Z");
    expect(await proveIdentity(user.id, "api_token", { kind: "passkey", response }, { now })).toEqual({ kind: "passkey", provedAt: now });
    expect(await db.passkey.findFirstOrThrow({ where: { userId: user.id }, select: { counter: true, lastUsedAt: true } })).toEqual({
      counter: 1n,
      lastUsedAt: now,
    });
    // The same answer again: the challenge is spent.
    await expect(proveIdentity(user.id, "api_token", { kind: "passkey", response })).rejects.toEqual(refused("wrong"));
  });

  it("refuses another account's passkey", async () => {
    const { user, authenticator } = await seedAccount({ passkey: true });
    const other = await seedAccount({ passkey: true });
    await expect(
      proveIdentity(user.id, "email_change", {
        kind: "passkey",
        response: other.authenticator!.authenticate(await passkeyProofOptions(user.id)),
      }),
    ).rejects.toEqual(refused("wrong"));
    // Nor does the other account's own ceremony help: its answer is bound to its own challenge.
    await passkeyProofOptions(user.id);
    await expect(
      proveIdentity(user.id, "email_change", {
        kind: "passkey",
        response: other.authenticator!.authenticate(await passkeyProofOptions(other.user.id)),
      }),
    ).rejects.toEqual(refused("wrong"));
    expect(
      await proveIdentity(user.id, "email_change", {
        kind: "passkey",
        response: authenticator!.authenticate(await passkeyProofOptions(user.id)),
      }),
    ).toMatchObject({ kind: "passkey" });
  });

  it("refuses an answer without options, to replaced options, or from an unregistered key", async () => {
    const { user, authenticator } = await seedAccount({ passkey: true });
    const stale = await passkeyProofOptions(user.id);
    const current = await passkeyProofOptions(user.id);
    await expect(proveIdentity(user.id, "email_change", { kind: "passkey", response: authenticator!.authenticate(stale) })).rejects.toEqual(
      refused("wrong"),
    );
    // The refused answer spent the ceremony: nothing is pending now.
    await expect(
      proveIdentity(user.id, "email_change", { kind: "passkey", response: authenticator!.authenticate(current) }),
    ).rejects.toEqual(refused("wrong"));
    await expect(
      proveIdentity(user.id, "email_change", {
        kind: "passkey",
        response: newAuthenticator().authenticate(await passkeyProofOptions(user.id)),
      }),
    ).rejects.toEqual(refused("wrong"));
  });

  it("a user with a second passkey may use either", async () => {
    const { user } = await seedAccount({ passkey: true });
    const second = newAuthenticator();
    await registerWith(user.id, second, "Phone");
    expect((await passkeyProofOptions(user.id)).allowCredentials).toHaveLength(2);
    expect(
      await proveIdentity(user.id, "first_two_factor_setup", {
        kind: "passkey",
        response: second.authenticate(await passkeyProofOptions(user.id)),
      }),
    ).toMatchObject({ kind: "passkey" });
  });

  it("an account without a passkey gets no options and cannot prove by passkey", async () => {
    const { user } = await seedAccount({ password: true });
    await expect(passkeyProofOptions(user.id)).rejects.toMatchObject({ code: "validation_failed" });
    const stranger = await seedAccount({ passkey: true });
    await expect(
      proveIdentity(user.id, "api_token", {
        kind: "passkey",
        response: stranger.authenticator!.authenticate(await passkeyProofOptions(stranger.user.id)),
      }),
    ).rejects.toEqual(refused("not_accepted"));
  });
});
