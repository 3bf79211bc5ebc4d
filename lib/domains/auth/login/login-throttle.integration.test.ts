import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createLoginLink } from "@/lib/domains/accounts/login-links";
import { passkeyAuthenticationOptions } from "@/lib/domains/accounts/passkeys";
import { newAuthenticator, registerWith } from "@/tests/passkey-fixtures";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { seedUserWithRandomId } from "@/tests/two-factor-fixtures";
import { db } from "@/lib/core/db/client";
import { ipHmac } from "@/lib/core/security/client-ip";
import { LoginRefusedError } from "./login-errors";
import { ACCOUNT_FREE_FAILURES, LoginThrottledError } from "@/lib/domains/accounts/passwords/login-failures";
import { signInWithLoginLink } from "./login-link-login";
import { signInWithPasskey } from "./passkey-login";
import { signInWithPassword } from "./password-login";
import { uniqueClientIp } from "@/tests/client-addresses";

const PASSWORD = "correct horse battery staple";
// A fresh address per test: the counter lives in the shared Redis.
const newIp = uniqueClientIp;

async function seedPasswordUser() {
  return seedUserWithRandomId({ passwordHash: await hashPassword(PASSWORD) });
}

describe("login throttle (spec 5.6)", () => {
  it("counts failures of every entry point on one counter; the 21st attempt is refused even with the right password", async () => {
    const user = await seedPasswordUser();
    const ip = newIp();
    const client = { ip, userAgent: "test" };
    const usedLink = await createLoginLink({ email: user.email, userId: user.id, purpose: "login" });
    await signInWithLoginLink({ token: usedLink.token, client });

    const stranger = newAuthenticator();
    const strangerUser = await seedUserWithRandomId();
    await registerWith(strangerUser.id, stranger);

    for (let i = 0; i < 20; i++) {
      const attempt =
        i % 3 === 0
          ? // Wrong passwords for addresses without an account: the per-account slowdown stays out of this count.
            signInWithPassword({ email: `nobody-${i}-${randomInt(1e9)}@example.com`, password: "wrong password here", client })
          : i % 3 === 1
            ? signInWithLoginLink({ token: usedLink.token, client })
            : passkeyAuthenticationOptions().then(({ handle, options }) =>
                signInWithPasskey({ handle, response: { ...stranger.authenticate(options), id: "unknown-credential" }, client }),
              );
      await expect(attempt).rejects.toBeInstanceOf(LoginRefusedError);
      // A success from the same address in between does not reset the count.
      if (i === 10) await signInWithPassword({ email: user.email, password: PASSWORD, client: { ...client } });
    }
    await expect(signInWithPassword({ email: user.email, password: PASSWORD, client })).rejects.toBeInstanceOf(LoginThrottledError);
    const link = await createLoginLink({ email: user.email, userId: user.id, purpose: "login" });
    await expect(signInWithLoginLink({ token: link.token, client })).rejects.toBeInstanceOf(LoginThrottledError);
    // Another address is not affected.
    await expect(signInWithPassword({ email: user.email, password: PASSWORD, client: { ip: newIp() } })).resolves.toMatchObject({
      userId: user.id,
    });

    const h = ipHmac(ip);
    const tallies = await db.failedLoginTally.findMany({ where: { ipHmac: h.value }, orderBy: { entryPoint: "asc" } });
    expect(tallies.map((t) => [t.entryPoint, t.count])).toEqual([
      ["login_link", 7],
      ["passkey", 6],
      ["password", 7],
    ]);
    expect(tallies.every((t) => t.ipHmacKeyVersion === h.keyVersion)).toBe(true);
    expect(await db.loginHistory.count({ where: { ipHmac: h.value, event: "login_lockout" } })).toBe(1);
    expect(await db.loginHistory.count({ where: { ipHmac: h.value, event: "login_failed" } })).toBe(20);
  });

  it("tells the login history why a password sign-in failed, without the address itself", async () => {
    const user = await seedPasswordUser();
    const linkOnly = await seedUserWithRandomId({ passwordHash: null });
    const ip = newIp();
    const client = { ip };
    for (const [email, password] of [
      ["nobody-" + randomInt(1e9) + "@example.com", PASSWORD],
      [linkOnly.email, PASSWORD],
      [user.email, "not the password"],
    ] as const) {
      await expect(signInWithPassword({ email, password, client })).rejects.toBeInstanceOf(LoginRefusedError);
    }
    const rows = await db.loginHistory.findMany({ where: { ipHmac: ipHmac(ip).value }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.event, r.reason, r.userId])).toEqual([
      ["login_failed", "unknown", null],
      ["login_failed", "no_password", linkOnly.id],
      ["login_failed", "wrong", user.id],
    ]);
    expect(JSON.stringify(rows, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(ip);
  });

  it("counts parallel failures exactly: 25 simultaneous wrong passwords leave 20 refused and 5 throttled", async () => {
    const user = await seedPasswordUser();
    const client = { ip: newIp() };
    // Each attempt names another account: one account's checks queue (next test), the address counts them all.
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        signInWithPassword({ email: `parallel-${i}-${user.email}`, password: "wrong password here", client }),
      ),
    );
    const reasons = results.map((r) => (r.status === "rejected" ? (r.reason as Error).name : "ok"));
    // Every attempt that started before the block was in place is a counted failure; none passes.
    expect(reasons.filter((r) => r === "ok")).toHaveLength(0);
    const tally = await db.failedLoginTally.findFirstOrThrow({ where: { ipHmac: ipHmac(client.ip).value } });
    expect(tally.count).toBe(reasons.filter((r) => r === "LoginRefusedError").length);
    await expect(signInWithPassword({ email: user.email, password: PASSWORD, client })).rejects.toBeInstanceOf(LoginThrottledError);
  });

  it("lets 100 simultaneous guesses at one account from 100 addresses reach the password one at a time, so the slowdown holds", async () => {
    const user = await seedPasswordUser();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        signInWithPassword({ email: user.email, password: `burst-guess-${i}`, client: { ip: newIp() } }).catch((e: unknown) => e),
      ),
    );
    const checked = results.filter((r) => r instanceof LoginRefusedError).length;
    expect(results.every((r) => r instanceof LoginRefusedError || (r instanceof LoginThrottledError && r.scope === "account"))).toBe(true);
    // Without the queue all 100 would pass the slowdown's test before the first failure is written.
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_FREE_FAILURES + 1);
  });

  it("lets two sign-ins of one account at once both in: the second waits for the first check instead of being refused", async () => {
    const user = await seedPasswordUser();
    const results = await Promise.all(
      [newIp(), newIp(), newIp()].map((ip) => signInWithPassword({ email: user.email, password: PASSWORD, client: { ip } })),
    );
    expect(results.map((r) => r.userId)).toEqual([user.id, user.id, user.id]);
  });

  it("slows one account sprayed from 100 addresses, without locking its owner out", async () => {
    const user = await seedPasswordUser();
    const outcomes = { refused: 0, slowed: 0 };
    let slowedBy: LoginThrottledError | undefined;
    for (let i = 0; i < 100; i++) {
      const err = await signInWithPassword({ email: user.email, password: `guess-${i}-of-a-password`, client: { ip: newIp() } }).catch(
        (e: unknown) => e,
      );
      if (err instanceof LoginRefusedError) outcomes.refused++;
      else if (err instanceof LoginThrottledError && err.scope === "account") {
        outcomes.slowed++;
        slowedBy = err;
      } else throw err;
    }
    // The free failures and one more; every other guess waits, whatever address it comes from.
    expect(outcomes.refused).toBe(ACCOUNT_FREE_FAILURES + 1);
    expect(outcomes.slowed).toBe(100 - ACCOUNT_FREE_FAILURES - 1);
    expect(slowedBy!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // The owner, from a new address with the right password, waits too: a slowdown, not a lock.
    await expect(signInWithPassword({ email: user.email, password: PASSWORD, client: { ip: newIp() } })).rejects.toMatchObject({
      scope: "account",
    });
    // A login link is not slowed.
    const link = await createLoginLink({ email: user.email, userId: user.id, purpose: "login" });
    await expect(signInWithLoginLink({ token: link.token, client: { ip: newIp() } })).resolves.toMatchObject({ userId: user.id });
    // After the wait the right password works.
    await new Promise((r) => setTimeout(r, (slowedBy!.retryAfterSeconds + 0.2) * 1000));
    await expect(signInWithPassword({ email: user.email, password: PASSWORD, client: { ip: newIp() } })).resolves.toMatchObject({
      userId: user.id,
    });
    // An address without an account is slowed the same way, so the answer does not reveal accounts.
    const nobody = `nobody-${randomInt(1e9)}@example.com`;
    const kinds = [];
    for (let i = 0; i < 8; i++)
      kinds.push(
        ((await signInWithPassword({ email: nobody, password: "x".repeat(12), client: { ip: newIp() } }).catch((e: unknown) => e)) as Error)
          .name,
      );
    expect(kinds.slice(-1)).toEqual(["LoginThrottledError"]);
  });
});
