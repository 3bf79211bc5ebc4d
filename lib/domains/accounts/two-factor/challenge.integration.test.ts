import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { setLimits, withLimits } from "@/tests/limits";
import { ipHmac } from "@/lib/core/security/client-ip";
import { clearOfWindowEnd } from "@/tests/rate-limit-window";
import { TwoFactorThrottledError } from "./errors";
import { codeAt, seedTotpUser, seedUserWithRandomId, wrongCodeAt } from "@/tests/two-factor-fixtures";
import { getTwoFactorStatus } from "./two-factor-status";
import { verifyTotpChallenge } from "./verify-totp-challenge";

const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

describe("login challenge with an app code", () => {
  it("accepts the current code and one step of drift either side, not two", async () => {
    const { user, secret } = await seedTotpUser();
    const now = new Date();
    expect(await verifyTotpChallenge(user.id, await codeAt(secret, now), { now })).toEqual({ ok: true, method: "totp" });
    expect(await verifyTotpChallenge(user.id, await codeAt(secret, at(now, -30)), { now })).toEqual({ ok: true, method: "totp" });
    expect(await verifyTotpChallenge(user.id, await codeAt(secret, at(now, 30)), { now })).toEqual({ ok: true, method: "totp" });

    const other = await seedTotpUser();
    for (const offset of [-60, 60]) {
      const code = await codeAt(other.secret, at(now, offset));
      const inWindow = await Promise.all([-30, 0, 30].map((s) => codeAt(other.secret, at(now, s))));
      if (!inWindow.includes(code))
        expect(await verifyTotpChallenge(other.user.id, code, { now })).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("refuses a wrong code and records the failure with a hashed IP only", async () => {
    const { user, secret } = await seedTotpUser();
    const now = new Date();
    expect(await verifyTotpChallenge(user.id, await wrongCodeAt(secret, now), { now, ip: "203.0.113.9" })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await verifyTotpChallenge(user.id, "not a code", { now, ip: "203.0.113.9" })).toEqual({ ok: false, reason: "invalid" });
    const rows = await db.loginHistory.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.event, r.method, r.entryPoint])).toEqual([
      ["two_factor_failed", "totp", "challenge"],
      ["two_factor_failed", null, "challenge"],
    ]);
    expect(rows[0]!.ipHmac).toBe(ipHmac("203.0.113.9").value);
    expect(rows[0]!.ipHmac).not.toContain("203.0.113");
  });

  it("refuses a code already used in its time step, also after the step rolled over", async () => {
    const { user, secret } = await seedTotpUser();
    const now = new Date();
    const code = await codeAt(secret, now);
    expect(await verifyTotpChallenge(user.id, code, { now })).toEqual({ ok: true, method: "totp" });
    expect(await verifyTotpChallenge(user.id, code, { now })).toEqual({ ok: false, reason: "replayed" });
    // Still inside the window one step later: the same code is still refused.
    expect(await verifyTotpChallenge(user.id, code, { now: at(now, 30) })).toEqual({ ok: false, reason: "replayed" });
    // The next step's code is a new code.
    expect(await verifyTotpChallenge(user.id, await codeAt(secret, at(now, 30)), { now: at(now, 30) })).toEqual({
      ok: true,
      method: "totp",
    });
  });

  it("of two simultaneous uses of one app code, exactly one succeeds", async () => {
    const { user, secret } = await seedTotpUser();
    const now = new Date();
    const code = await codeAt(secret, now);
    const results = await Promise.all([verifyTotpChallenge(user.id, code, { now }), verifyTotpChallenge(user.id, code, { now })]);
    expect(results).toEqual(
      expect.arrayContaining([
        { ok: true, method: "totp" },
        { ok: false, reason: "replayed" },
      ]),
    );
  });
});

describe("login challenge with a recovery code", () => {
  it("works once only, however it is typed, and leaves the other codes usable", async () => {
    const { user, recoveryCodes } = await seedTotpUser();
    const [first, second] = recoveryCodes as [string, string];
    expect(await verifyTotpChallenge(user.id, first)).toEqual({ ok: true, method: "recovery_code" });
    expect(await verifyTotpChallenge(user.id, first)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyTotpChallenge(user.id, first.toUpperCase().replace("-", " "))).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyTotpChallenge(user.id, second.toUpperCase().replace("-", ""))).toEqual({ ok: true, method: "recovery_code" });
    expect((await getTwoFactorStatus(user.id)).unusedRecoveryCodes).toBe(8);
  });

  it("of two simultaneous uses of one code, exactly one succeeds", async () => {
    const { user, recoveryCodes } = await seedTotpUser();
    const code = recoveryCodes[0]!;
    const results = await Promise.all([verifyTotpChallenge(user.id, code), verifyTotpChallenge(user.id, code)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "invalid" }]);
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: user.id, consumedAt: { not: null } } })).toBe(1);
  });

  it("a code of another account does not work", async () => {
    const a = await seedTotpUser();
    const b = await seedTotpUser();
    expect(await verifyTotpChallenge(b.user.id, a.recoveryCodes[0]!)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyTotpChallenge(a.user.id, a.recoveryCodes[0]!)).toEqual({ ok: true, method: "recovery_code" });
  });
});

describe("challenge throttle", () => {
  it("refuses the sixth attempt within a minute, even with the right code, with retry-after in seconds", async () => {
    const { user, secret, recoveryCodes } = await seedTotpUser();
    await clearOfWindowEnd(60);
    const now = new Date();
    for (let i = 0; i < 5; i++)
      expect(await verifyTotpChallenge(user.id, await wrongCodeAt(secret, now), { now })).toEqual({ ok: false, reason: "invalid" });
    const sixth = verifyTotpChallenge(user.id, await codeAt(secret, now), { now });
    await expect(sixth).rejects.toBeInstanceOf(TwoFactorThrottledError);
    const err = await verifyTotpChallenge(user.id, recoveryCodes[0]!).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TwoFactorThrottledError);
    const throttled = err as TwoFactorThrottledError;
    expect(throttled.status).toBe(429);
    expect(throttled.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(throttled.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(throttled.headers).toEqual({ "Retry-After": String(throttled.retryAfterSeconds) });
    // A throttled attempt consumed nothing.
    expect((await getTwoFactorStatus(user.id)).unusedRecoveryCodes).toBe(10);

    // Counted per user: another account is not affected.
    const other = await seedTotpUser();
    expect(await verifyTotpChallenge(other.user.id, await codeAt(other.secret, now), { now })).toEqual({ ok: true, method: "totp" });
  });

  it("escalates beyond the minute: a guesser who waits out each minute meets the hour's wait, then the day's", async () => {
    // The minute's window out of the way, so the test need not wait for minutes to pass.
    await withLimits(
      { TWO_FACTOR_FAILURES_PER_MINUTE: "1000", TWO_FACTOR_FAILURES_PER_HOUR: "8", TWO_FACTOR_FAILURES_PER_DAY: "1000" },
      async () => {
        const { user, secret } = await seedTotpUser();
        const now = new Date();
        for (let i = 0; i < 8; i++)
          expect(await verifyTotpChallenge(user.id, await wrongCodeAt(secret, now), { now })).toEqual({ ok: false, reason: "invalid" });
        const ninth = (await verifyTotpChallenge(user.id, await codeAt(secret, now), { now }).catch(
          (e: unknown) => e,
        )) as TwoFactorThrottledError;
        expect(ninth).toBeInstanceOf(TwoFactorThrottledError);
        // The wait runs to the end of the hour's window, not of a minute (60 s at the very end of an hour).
        expect(ninth.retryAfterSeconds).toBeLessThanOrEqual(3600);
        expect(ninth.retryAfterSeconds + (Date.now() % 3_600_000) / 1000).toBeGreaterThan(3590);

        // The owner's right codes spend none of it: eight of them, then still eight wrong ones.
        const owner = await seedTotpUser();
        for (let i = 0; i < 8; i++) {
          const at = new Date(now.getTime() + i * 30_000);
          expect(await verifyTotpChallenge(owner.user.id, await codeAt(owner.secret, at), { now: at })).toEqual({
            ok: true,
            method: "totp",
          });
        }
        for (let i = 0; i < 8; i++)
          expect(await verifyTotpChallenge(owner.user.id, await wrongCodeAt(owner.secret, now), { now })).toEqual({
            ok: false,
            reason: "invalid",
          });

        setLimits({ TWO_FACTOR_FAILURES_PER_HOUR: "1000", TWO_FACTOR_FAILURES_PER_DAY: "12" });
        const other = await seedTotpUser();
        for (let i = 0; i < 12; i++) await verifyTotpChallenge(other.user.id, await wrongCodeAt(other.secret, now), { now });
        const thirteenth = (await verifyTotpChallenge(other.user.id, await codeAt(other.secret, now), { now }).catch(
          (e: unknown) => e,
        )) as TwoFactorThrottledError;
        expect(thirteenth.retryAfterSeconds + (Date.now() % 86_400_000) / 1000).toBeGreaterThan(86_390);
      },
    );
  });

  it("an account without TOTP is not challenged and spends no attempts", async () => {
    const user = await seedUserWithRandomId();
    for (let i = 0; i < 7; i++) expect(await verifyTotpChallenge(user.id, "123456")).toEqual({ ok: false, reason: "not_enabled" });
  });
});
