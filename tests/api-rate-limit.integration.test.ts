import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { resetConfigForTests } from "@/lib/core/config";
import { resetLimitersForTests } from "@/lib/core/ratelimit/limiter";
import { send } from "./api-client";
import { clearOfWindowEnd } from "./rate-limit-window";
import { seedNewsroom } from "./release-fixtures";

beforeAll(() => {
  process.env.API_RATE_LIMIT_PER_MINUTE = "3";
  resetConfigForTests();
  resetLimitersForTests();
});
afterAll(() => {
  delete process.env.API_RATE_LIMIT_PER_MINUTE;
  resetConfigForTests();
  resetLimitersForTests();
});

describe("API rate limit per token (Redis)", () => {
  it("counts per token, answers 429 with Retry-After in seconds, and leaves other tokens alone", async () => {
    const { owner } = await seedNewsroom();
    const a = (await createApiToken({ userId: owner.id, name: "a", identityConfirmedAt: new Date() })).token;
    const b = (await createApiToken({ userId: owner.id, name: "b", identityConfirmedAt: new Date() })).token;
    await clearOfWindowEnd(60);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await send("GET", "/api/v1/newsrooms", { token: a }));
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(statuses[0]!.headers.get("x-ratelimit-remaining")).toBe("2");
    const limited = statuses[3]!;
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await limited.json()).error.code).toBe("rate_limited");
    expect((await send("GET", "/api/v1/newsrooms", { token: b })).status).toBe(200);
  });
});
