import { Ratelimit } from "@upstash/ratelimit";
import { getConfig } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { getRedis } from "@/lib/redis/client";
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
 * fixed window counts exactly that with one key per window, also across instances.
 */
export function redisLimiter(policy: RateLimitPolicy, redisUrl: string, keyPrefix = ""): Limiter {
  const rl = new Ratelimit({
    redis: upstashRedisAdapter(getRedis(redisUrl)) as never,
    limiter: Ratelimit.fixedWindow(policy.limit, `${policy.windowSeconds} s`),
    prefix: `${keyPrefix}${policy.prefix}`,
    analytics: false,
  });
  return {
    async limit(key) {
      const r = await rl.limit(key);
      await r.pending;
      return { success: r.success, limit: r.limit, remaining: r.remaining, reset: r.reset };
    },
  };
}

/** The embedded default's limiter: the same fixed windows in this process's memory. */
export function memoryLimiter(policy: RateLimitPolicy, now: () => number = Date.now): Limiter {
  const windows = new Map<string, { start: number; count: number }>();
  const size = policy.windowSeconds * 1000;
  return {
    async limit(key) {
      const t = now();
      const start = Math.floor(t / size) * size;
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.start < start) windows.delete(k);
      const w = windows.get(key);
      const current = w && w.start === start ? w : { start, count: 0 };
      current.count++;
      windows.set(key, current);
      return { success: current.count <= policy.limit, limit: policy.limit, remaining: Math.max(0, policy.limit - current.count), reset: start + size };
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
    limiter = url ? redisLimiter(policy, url, keyPrefix) : memoryLimiter(policy);
    built.set(name, limiter);
  }
  return limiter;
}

export function resetLimitersForTests(): void {
  built.clear();
}
