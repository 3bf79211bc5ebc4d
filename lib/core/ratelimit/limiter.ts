import { Ratelimit } from "@upstash/ratelimit";
import { LRUCache } from "lru-cache";
import { getConfig } from "@/lib/core/config";
import { processSingleton } from "@/lib/core/process-singleton";
import { guardedRedis, type GuardedRedis } from "@/lib/core/redis/client";
import { ratePolicies, type PolicyName, type RateLimitPolicy } from "./policies";
import { upstashRedisAdapter } from "./upstash-redis-adapter";

export interface LimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Unix time in milliseconds when the window frees up. */
  reset: number;
}

/** Whole seconds until a window (or block) ending at `resetMs` frees up; at least 1 (Retry-After, RFC 9110). */
export function secondsUntil(resetMs: number, nowMs: number = Date.now()): number {
  return Math.max(1, Math.ceil((resetMs - nowMs) / 1000));
}

export interface Limiter {
  limit(key: string): Promise<LimitResult>;
}

/**
 * Fixed windows: the spec states its limits as "N per window" ("20 per 15 minutes"), and a
 * fixed window counts exactly that with one key per window, also across instances. While Redis
 * is away (lib/core/redis/breaker.mjs) the same windows count in this process's memory: no limit
 * opens and none refuses everyone; with N instances a client gets at most N + 1 times the limit
 * per window (its count in Redis before, then N fresh ones) for as long as the outage lasts
 * (docs/operations.md).
 */
export function redisLimiter(
  policy: RateLimitPolicy,
  redis: GuardedRedis,
  keyPrefix = "",
  fallback: Limiter = memoryLimiter(policy),
): Limiter {
  const rl = new Ratelimit({
    redis: upstashRedisAdapter(redis.client) as never,
    limiter: Ratelimit.fixedWindow(policy.limit, `${policy.windowSeconds} s`),
    prefix: `${keyPrefix}${policy.prefix}`,
    analytics: false,
  });
  return {
    limit: (key) =>
      redis.run(
        async () => {
          const r = await rl.limit(key);
          await r.pending;
          if (r.reason === "timeout") throw new Error("rate limit: Redis did not answer in time");
          return { success: r.success, limit: r.limit, remaining: r.remaining, reset: r.reset };
        },
        () => fallback.limit(key),
      ),
  };
}

/** A memory limiter also tells how many keys it holds (benchmarks and tests read it). */
export interface MemoryLimiter extends Limiter {
  readonly size: number;
}

/** Keys one policy's memory limiter holds at most: ~300-450 B each, so 3-5 MB per policy (bench/memory-limits.ts). */
export const MEMORY_LIMITER_MAX_KEYS = 10_000;

/**
 * The embedded default's limiter: the same fixed windows in this process's memory, at a
 * constant cost per call. Under pressure the least recently used key leaves; that can only
 * forgive a counter (the key starts again at zero), never block anyone. A caller hammering one
 * key keeps it recent, so flushing it takes MAX_KEYS other keys between two of its calls.
 */
export function memoryLimiter(policy: RateLimitPolicy, now: () => number = Date.now, maxKeys = MEMORY_LIMITER_MAX_KEYS): MemoryLimiter {
  // An idle key's old window is not swept: it is overwritten on its next call or evicted.
  const windows = new LRUCache<string, { start: number; count: number }>({ max: maxKeys });
  const size = policy.windowSeconds * 1000;
  return {
    get size() {
      return windows.size;
    },
    async limit(key) {
      const start = Math.floor(now() / size) * size;
      let w = windows.get(key);
      if (w && w.start === start) w.count++;
      else windows.set(key, (w = { start, count: 1 }));
      return { success: w.count <= policy.limit, limit: policy.limit, remaining: Math.max(0, policy.limit - w.count), reset: start + size };
    },
  };
}

// Per process, not per route bundle: the memory limiters must count one client's attempts
// wherever they arrive (lib/process-singleton.ts).
const built = processSingleton("rate-limiters", () => new Map<PolicyName, Limiter>());

/** The limiter of a policy, built once per process; Redis when REDIS_URL is set. */
export function getLimiter(name: PolicyName): Limiter {
  let limiter = built.get(name);
  if (!limiter) {
    const policy = ratePolicies()[name];
    const { url, keyPrefix } = getConfig().redis;
    limiter = url ? redisLimiter(policy, guardedRedis(url), keyPrefix) : memoryLimiter(policy);
    built.set(name, limiter);
  }
  return limiter;
}

export function resetLimitersForTests(): void {
  built.clear();
}
