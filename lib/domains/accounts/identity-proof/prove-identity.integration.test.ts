import { describe, expect, it } from "vitest";
import { getRelyingParty } from "@/lib/domains/accounts/passkeys/relying-party";
import { codeAt, wrongCodeAt } from "@/tests/two-factor-fixtures";
import { getTwoFactorStatus } from "@/lib/domains/accounts/two-factor/two-factor-status";
import { verifyTotpChallenge } from "@/lib/domains/accounts/two-factor/verify-totp-challenge";
import { newAuthenticator } from "@/tests/passkey-fixtures";
import { db } from "@/lib/core/db/client";
import { withLimits } from "@/tests/limits";
import { sendEmailProofCode } from "./email-code";
import { IdentityProofRefusedError } from "./errors";
import { passkeyProofOptions } from "./passkey-proof";
import { proveIdentity } from "./prove-identity";
import { acceptedProofKinds } from "./rules";
import { clearOfWindowEnd } from "@/tests/rate-limit-window";
import { mailedCode, PASSWORD, seedAccount, type AccountShape, type SeededAccount } from "@/tests/identity-proof-fixtures";
import type { IdentityProof, ProofKind, ProofPurpose } from "./types";

const PURPOSES: ProofPurpose[] = [
  "email_change",
  "first_two_factor_setup",
  "api_token",
  "disable_two_factor",
  "renew_recovery_codes",
  "add_passkey",
  "remove_passkey",
  "set_first_password",
];
const KINDS: ProofKind[] = ["password", "app_code", "recovery_code", "email_code", "passkey"];

const refused = (reason: string) => expect.objectContaining({ name: "IdentityProofRefusedError", reason });

/** A proof of the kind that would pass if the kind were accepted (or the best stand-in the account allows). */
async function bestProof(account: SeededAccount, kind: ProofKind, now: Date): Promise<IdentityProof> {
  switch (kind) {
    case "password":
      return { kind, password: PASSWORD };
    case "app_code":
      return { kind, code: account.secret ? await codeAt(account.secret, now) : "123456" };
    case "recovery_code":
      return { kind, code: account.recoveryCodes[0] ?? "abcde-fghjk" };
    case "email_code": {
      // An inactive account gets no code mailed; any code stands in.
      const sent = await sendEmailProofCode(account.user.id, { now }).catch(() => null);
      return { kind, code: sent ? await mailedCode(account.user.email) : "123456" };
    }
    case "passkey": {
      if (account.authenticator) return { kind, response: account.authenticator.authenticate(await passkeyProofOptions(account.user.id)) };
      const rp = getRelyingParty();
      return { kind, response: newAuthenticator().authenticate({ challenge: "AAAA", rpId: rp.id }) };
    }
  }
}

const SHAPES: {
  name: string;
  shape: AccountShape;
  inactive?: boolean;
  pendingSetup?: boolean;
  expected: Record<ProofPurpose, ProofKind[]>;
}[] = [
  {
    name: "TOTP, password and passkey",
    shape: { totp: true, password: true, passkey: true },
    expected: {
      email_change: ["app_code", "recovery_code"],
      first_two_factor_setup: [],
      api_token: ["password", "app_code", "email_code", "passkey"],
      disable_two_factor: ["app_code", "recovery_code"],
      renew_recovery_codes: ["app_code", "recovery_code"],
      add_passkey: ["app_code", "recovery_code", "passkey"],
      remove_passkey: ["app_code", "recovery_code", "passkey"],
      set_first_password: [],
    },
  },
  {
    name: "TOTP without password",
    shape: { totp: true },
    expected: {
      email_change: ["app_code", "recovery_code"],
      first_two_factor_setup: [],
      api_token: ["app_code", "email_code"],
      disable_two_factor: ["app_code", "recovery_code"],
      renew_recovery_codes: ["app_code", "recovery_code"],
      add_passkey: ["app_code", "recovery_code"],
      remove_passkey: ["app_code", "recovery_code"],
      set_first_password: ["app_code", "recovery_code"],
    },
  },
  {
    name: "password only",
    shape: { password: true },
    expected: {
      email_change: ["password", "email_code"],
      first_two_factor_setup: ["password", "email_code"],
      api_token: ["password", "email_code"],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: ["password", "email_code"],
      remove_passkey: [],
      set_first_password: [],
    },
  },
  {
    name: "password with a TOTP setup not yet confirmed",
    shape: { password: true },
    pendingSetup: true,
    expected: {
      email_change: ["password", "email_code"],
      first_two_factor_setup: ["password", "email_code"],
      api_token: ["password", "email_code"],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: ["password", "email_code"],
      remove_passkey: [],
      set_first_password: [],
    },
  },
  {
    name: "password-less with passkey",
    shape: { passkey: true },
    expected: {
      email_change: ["email_code", "passkey"],
      first_two_factor_setup: ["passkey"],
      api_token: ["email_code", "passkey"],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: ["passkey"],
      remove_passkey: ["passkey"],
      set_first_password: ["email_code", "passkey"],
    },
  },
  {
    name: "legacy login-link account (no password, nothing else)",
    shape: {},
    expected: {
      email_change: ["email_code"],
      first_two_factor_setup: ["email_code"],
      api_token: ["email_code"],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: ["email_code"],
      remove_passkey: [],
      set_first_password: ["email_code"],
    },
  },
  {
    name: "inactive account",
    shape: { password: true },
    inactive: true,
    expected: {
      email_change: [],
      first_two_factor_setup: [],
      api_token: [],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: [],
      remove_passkey: [],
      set_first_password: [],
    },
  },
];

describe("rule table against the database", () => {
  for (const { name, shape, inactive, pendingSetup, expected } of SHAPES) {
    it(`${name}: accepts what the table says and refuses every other kind as not accepted, spending nothing`, async () => {
      const account = await seedAccount(shape, {
        isActive: !inactive,
        ...(pendingSetup ? { totpSecretEncrypted: "v1.pending.setup.x" } : {}),
      });
      const now = new Date();
      for (const purpose of PURPOSES) {
        expect(await acceptedProofKinds(account.user.id, purpose), purpose).toEqual(expected[purpose]);
        for (const kind of KINDS.filter((k) => !expected[purpose].includes(k))) {
          // Mailing a real code for every refused purpose would spend the five codes a quarter hour allows.
          const proof = kind === "email_code" ? { kind, code: "123456" } : await bestProof(account, kind, now);
          const err = await proveIdentity(account.user.id, purpose, proof, { now }).catch((e: unknown) => e);
          expect(err, `${purpose} by ${kind}`).toBeInstanceOf(IdentityProofRefusedError);
          expect(err).toMatchObject({ reason: "not_accepted", status: 422, details: { acceptedKinds: expected[purpose] } });
        }
      }
      // Far more than five refusals, yet no attempt was spent and no recovery code consumed.
      if (shape.totp) expect((await getTwoFactorStatus(account.user.id)).unusedRecoveryCodes).toBe(10);
      const usable = PURPOSES.find((p) => expected[p].length);
      if (usable) {
        const kind = expected[usable][0]!;
        expect(await proveIdentity(account.user.id, usable, await bestProof(account, kind, now), { now })).toEqual({ kind, provedAt: now });
      }
    });
  }
});

describe("password proof", () => {
  it("passes with the right password and is refused as wrong otherwise", async () => {
    const { user } = await seedAccount({ password: true });
    const now = new Date("2026-03-03T09:00:00Z");
    expect(await proveIdentity(user.id, "api_token", { kind: "password", password: PASSWORD }, { now })).toEqual({
      kind: "password",
      provedAt: now,
    });
    for (const password of [`${PASSWORD}x`, PASSWORD.toUpperCase(), ""]) {
      await expect(proveIdentity(user.id, "api_token", { kind: "password", password })).rejects.toEqual(refused("wrong"));
    }
  });

  it("a password-less account cannot prove by password, but changes its address by e-mail code", async () => {
    const { user } = await seedAccount({});
    await expect(proveIdentity(user.id, "email_change", { kind: "password", password: "" })).rejects.toEqual(refused("not_accepted"));
    await sendEmailProofCode(user.id);
    expect(await proveIdentity(user.id, "email_change", { kind: "email_code", code: await mailedCode(user.email) })).toMatchObject({
      kind: "email_code",
    });
  });
});

describe("app code proof", () => {
  it("passes with the current code, once per time step; wrong codes and recovery codes typed as app codes are wrong", async () => {
    const { user, secret } = await seedAccount({ totp: true });
    const now = new Date();
    const code = await codeAt(secret!, now);
    expect(await proveIdentity(user.id, "disable_two_factor", { kind: "app_code", code }, { now })).toEqual({
      kind: "app_code",
      provedAt: now,
    });
    // Replayed in the same step: wrong.
    await expect(proveIdentity(user.id, "renew_recovery_codes", { kind: "app_code", code }, { now })).rejects.toEqual(refused("wrong"));
    await expect(
      proveIdentity(user.id, "email_change", { kind: "app_code", code: await wrongCodeAt(secret!, now) }, { now }),
    ).rejects.toEqual(refused("wrong"));
    await expect(proveIdentity(user.id, "email_change", { kind: "app_code", code: "12345" }, { now })).rejects.toEqual(refused("wrong"));
    // A failed code is in the login history, with where it was tried.
    expect(await db.loginHistory.findMany({ where: { userId: user.id }, select: { event: true, method: true, entryPoint: true } })).toEqual(
      [
        { event: "two_factor_failed", method: "totp", entryPoint: "identity_proof:renew_recovery_codes" },
        { event: "two_factor_failed", method: "totp", entryPoint: "identity_proof:email_change" },
      ],
    );
  });

  it("an own recovery code sent as an app code is wrong and not consumed", async () => {
    const { user, recoveryCodes } = await seedAccount({ totp: true });
    await expect(proveIdentity(user.id, "email_change", { kind: "app_code", code: recoveryCodes[0]! })).rejects.toEqual(refused("wrong"));
    expect((await getTwoFactorStatus(user.id)).unusedRecoveryCodes).toBe(10);
  });
});

describe("recovery code proof", () => {
  it("passes once and consumes the code; a used, foreign or malformed code is wrong", async () => {
    const { user, recoveryCodes } = await seedAccount({ totp: true });
    const other = await seedAccount({ totp: true });
    const now = new Date("2026-03-03T09:00:00Z");
    expect(await proveIdentity(user.id, "email_change", { kind: "recovery_code", code: recoveryCodes[2]!.toUpperCase() }, { now })).toEqual(
      { kind: "recovery_code", provedAt: now },
    );
    const used = await db.twoFactorRecoveryCode.findMany({
      where: { userId: user.id, consumedAt: { not: null } },
      select: { consumedAt: true },
    });
    expect(used).toEqual([{ consumedAt: now }]);
    await expect(proveIdentity(user.id, "disable_two_factor", { kind: "recovery_code", code: recoveryCodes[2]! })).rejects.toEqual(
      refused("wrong"),
    );
    await expect(proveIdentity(user.id, "disable_two_factor", { kind: "recovery_code", code: other.recoveryCodes[0]! })).rejects.toEqual(
      refused("wrong"),
    );
    await expect(proveIdentity(user.id, "disable_two_factor", { kind: "recovery_code", code: "123456" })).rejects.toEqual(refused("wrong"));
    expect((await getTwoFactorStatus(user.id)).unusedRecoveryCodes).toBe(9);
    expect((await getTwoFactorStatus(other.user.id)).unusedRecoveryCodes).toBe(10);
  });

  it("of two simultaneous proofs with one code exactly one passes and the code is consumed once", async () => {
    const { user, recoveryCodes } = await seedAccount({ totp: true });
    const proof: IdentityProof = { kind: "recovery_code", code: recoveryCodes[5]! };
    const results = await Promise.allSettled([
      proveIdentity(user.id, "disable_two_factor", proof),
      proveIdentity(user.id, "renew_recovery_codes", proof),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.filter((r) => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toEqual(refused("wrong"));
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: user.id, consumedAt: { not: null } } })).toBe(1);
  });
});

describe("throttle", () => {
  it("refuses the sixth attempt within a minute even with the right password, 429 with Retry-After", async () => {
    await clearOfWindowEnd(60, 20_000);
    const { user, secret, recoveryCodes } = await seedAccount({ totp: true, password: true });
    for (let i = 0; i < 5; i++)
      await expect(proveIdentity(user.id, "api_token", { kind: "password", password: `wrong-${i}` })).rejects.toEqual(refused("wrong"));
    const err = await proveIdentity(user.id, "api_token", { kind: "password", password: PASSWORD }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IdentityProofRefusedError);
    const throttled = err as IdentityProofRefusedError;
    expect(throttled).toMatchObject({ reason: "throttled", code: "rate_limited", status: 429 });
    expect(throttled.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(throttled.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(throttled.headers).toEqual({ "Retry-After": String(throttled.retryAfterSeconds) });

    // Every kind is throttled; a throttled recovery code is not consumed.
    await expect(proveIdentity(user.id, "email_change", { kind: "recovery_code", code: recoveryCodes[0]! })).rejects.toEqual(
      refused("throttled"),
    );
    expect((await getTwoFactorStatus(user.id)).unusedRecoveryCodes).toBe(10);
    // Its own key: the login challenge of the same account still has its attempts.
    const now = new Date();
    expect(await verifyTotpChallenge(user.id, await codeAt(secret!, now), { now })).toEqual({ ok: true, method: "totp" });
    // Counted per user: another account is not affected.
    const other = await seedAccount({ password: true });
    expect(await proveIdentity(other.user.id, "api_token", { kind: "password", password: PASSWORD })).toMatchObject({ kind: "password" });
  });

  it("counts right attempts too", async () => {
    await clearOfWindowEnd(60, 20_000);
    const { user } = await seedAccount({ password: true });
    for (let i = 0; i < 5; i++) await proveIdentity(user.id, "api_token", { kind: "password", password: PASSWORD });
    await expect(proveIdentity(user.id, "api_token", { kind: "password", password: PASSWORD })).rejects.toEqual(refused("throttled"));
  });

  it("beyond the minute, an hour's wrong proofs block every proof until the hour ends; right ones spend nothing", async () => {
    await withLimits({ TWO_FACTOR_FAILURES_PER_MINUTE: "1000", TWO_FACTOR_FAILURES_PER_HOUR: "4" }, async () => {
      const { user } = await seedAccount({ password: true });
      for (let i = 0; i < 6; i++) await proveIdentity(user.id, "api_token", { kind: "password", password: PASSWORD });
      for (let i = 0; i < 4; i++)
        await expect(proveIdentity(user.id, "api_token", { kind: "password", password: `wrong-${i}` })).rejects.toEqual(refused("wrong"));
      const err = (await proveIdentity(user.id, "api_token", { kind: "password", password: PASSWORD }).catch(
        (e: unknown) => e,
      )) as IdentityProofRefusedError;
      expect(err).toMatchObject({ reason: "throttled", status: 429 });
      expect(err.retryAfterSeconds! + (Date.now() % 3_600_000) / 1000).toBeGreaterThan(3590);
    });
  });

  it("app codes share the second-factor budget: the login challenge's failures throttle the proof", async () => {
    await clearOfWindowEnd(60, 20_000);
    const { user, secret } = await seedAccount({ totp: true });
    const now = new Date();
    for (let i = 0; i < 5; i++)
      expect(await verifyTotpChallenge(user.id, await wrongCodeAt(secret!, now), { now })).toMatchObject({ ok: false });
    await expect(
      proveIdentity(user.id, "disable_two_factor", { kind: "app_code", code: await codeAt(secret!, now) }, { now }),
    ).rejects.toEqual(refused("throttled"));
  });
});
