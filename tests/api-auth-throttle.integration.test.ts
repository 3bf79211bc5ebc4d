import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { send } from "./api-client";
import { seedNewsroom } from "./release-fixtures";

// The attacker: one address guessing API tokens. Failures are counted per address (policy
// `apiAuthFailures`, 30 per 10 minutes); past them the address is answered 429 before any lookup.

let n = 0;
/** A documentation address (RFC 5737) no other test in this file uses. */
const freshAddress = () => `198.51.100.${++n}`;
const guess = () => `pd_${randomBytes(24).toString("base64url")}`;
const from = (address: string, token: string) => send("GET", "/api/v1/newsrooms", { token, headers: { "x-forwarded-for": address } });

async function validToken(): Promise<string> {
  const { owner } = await seedNewsroom();
  return (await createApiToken({ userId: owner.id, name: "throttle", identityConfirmedAt: new Date() })).token;
}

describe("failed API authentication per client address (Redis)", () => {
  it("answers 401 to 30 guesses and 429 with Retry-After in seconds to the 31st; another address is unaffected", async () => {
    const attacker = freshAddress();
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await from(attacker, guess())).status);
    expect(statuses).toEqual(Array(30).fill(401));

    const blocked = await from(attacker, guess());
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error.code).toBe("rate_limited");
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);

    const bystander = freshAddress();
    expect((await from(bystander, guess())).status).toBe(401);
    expect((await from(bystander, await validToken())).status).toBe(200);
  });

  it("refuses even a valid token from a blocked address: telling it apart would take the lookup the block denies", async () => {
    const attacker = freshAddress();
    for (let i = 0; i < 30; i++) await from(attacker, guess());
    expect((await from(attacker, await validToken())).status).toBe(429);
  });

  it("counts only failures: a valid token keeps working up to the limit and a success resets nothing", async () => {
    const address = freshAddress();
    const token = await validToken();
    for (let i = 0; i < 29; i++) expect((await from(address, guess())).status).toBe(401);
    for (let i = 0; i < 10; i++) expect((await from(address, token)).status).toBe(200);
    // The 30th failure spends the budget; from then on the address waits.
    expect((await from(address, guess())).status).toBe(401);
    expect((await from(address, token)).status).toBe(429);
  });

  it("counts a missing or malformed Authorization header as a failure too", async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++)
      expect(
        (
          await send("GET", "/api/v1/newsrooms", {
            headers: { "x-forwarded-for": address, ...(i % 2 ? { authorization: "Basic dXNlcjpwdw==" } : {}) },
          })
        ).status,
      ).toBe(401);
    expect((await from(address, guess())).status).toBe(429);
  });
});
