import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { guardedRedis } from "@/lib/core/redis/client";
import { memoryLimiter, redisLimiter } from "./limiter";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = () => `test:rl:${randomBytes(6).toString("hex")}`;

describe("rate limiter over Redis", () => {
  it("refuses the (N+1)th call in the window and reports the reset in the future", async () => {
    const limiter = redisLimiter({ limit: 3, windowSeconds: 60, prefix: prefix() }, guardedRedis(REDIS_URL));
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.limit("203.0.113.1"));
    expect(results.map((r) => r.success)).toEqual([true, true, true, false]);
    expect(results[3]!.remaining).toBe(0);
    expect(results[3]!.reset).toBeGreaterThan(Date.now());
  });

  it("never lets two instances on separate connections pass more than N in total", async () => {
    const policy = { limit: 20, windowSeconds: 60, prefix: prefix() };
    // Two app instances: separate limiter objects over separate Redis connections.
    const a = redisLimiter(policy, guardedRedis(REDIS_URL));
    const other = new Redis(REDIS_URL);
    const { upstashRedisAdapter } = await import("./upstash-redis-adapter");
    const { Ratelimit } = await import("@upstash/ratelimit");
    const b = new Ratelimit({
      redis: upstashRedisAdapter(other) as never,
      limiter: Ratelimit.fixedWindow(20, "60 s"),
      prefix: policy.prefix,
    });
    const calls = [
      ...Array.from({ length: 25 }, () => a.limit("same-key").then((r) => r.success)),
      ...Array.from({ length: 25 }, () => b.limit("same-key").then((r) => r.success)),
    ];
    const passed = (await Promise.all(calls)).filter(Boolean).length;
    expect(passed).toBe(20);
    await other.quit();
  });

  it("keeps keys apart", async () => {
    const limiter = redisLimiter({ limit: 1, windowSeconds: 60, prefix: prefix() }, guardedRedis(REDIS_URL));
    expect((await limiter.limit("a")).success).toBe(true);
    expect((await limiter.limit("b")).success).toBe(true);
    expect((await limiter.limit("a")).success).toBe(false);
  });
});

describe("memory limiter", () => {
  it("counts fixed windows and opens the next one", async () => {
    let now = 1_000_000;
    const limiter = memoryLimiter({ limit: 2, windowSeconds: 10, prefix: "m" }, () => now);
    expect((await limiter.limit("k")).success).toBe(true);
    expect((await limiter.limit("k")).success).toBe(true);
    const third = await limiter.limit("k");
    expect(third.success).toBe(false);
    now = third.reset;
    expect((await limiter.limit("k")).success).toBe(true);
  });
});
