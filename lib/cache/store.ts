import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { getConfig } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { getRedis } from "@/lib/redis/client";

/** Small key-value port: values, counters and token locks. Redis in production, memory embedded. */
export interface CacheStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  del(key: string): Promise<void>;
  incr(key: string): Promise<number>;
  /** A token when the lock was free, else null. The lock ends by itself after ttlMs. */
  acquireLock(key: string, ttlMs: number): Promise<string | null>;
  /** Releases only when the token still owns the lock (compare-and-delete). */
  releaseLock(key: string, token: string): Promise<boolean>;
  ping(): Promise<void>;
}

const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export function redisStore(redis: Redis, prefix = "pd:"): CacheStore {
  return {
    get: (key) => redis.get(prefix + key),
    async set(key, value, ttl) {
      if (ttl) await redis.set(prefix + key, value, "EX", ttl);
      else await redis.set(prefix + key, value);
    },
    async del(key) {
      await redis.del(prefix + key);
    },
    incr: (key) => redis.incr(prefix + key),
    async acquireLock(key, ttlMs) {
      const token = randomUUID();
      const ok = await redis.set(prefix + key, token, "PX", ttlMs, "NX");
      return ok === "OK" ? token : null;
    },
    async releaseLock(key, token) {
      return (await redis.eval(RELEASE_SCRIPT, 1, prefix + key, token)) === 1;
    },
    async ping() {
      await redis.ping();
    },
  };
}

export function memoryStore(now: () => number = Date.now): CacheStore {
  const entries = new Map<string, { value: string; expiresAt: number | null }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.expiresAt !== null && e.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    get: async (key) => live(key)?.value ?? null,
    async set(key, value, ttl) {
      entries.set(key, { value, expiresAt: ttl ? now() + ttl * 1000 : null });
    },
    async del(key) {
      entries.delete(key);
    },
    async incr(key) {
      const e = live(key);
      const next = Number(e?.value ?? 0) + 1;
      entries.set(key, { value: String(next), expiresAt: e?.expiresAt ?? null });
      return next;
    },
    async acquireLock(key, ttlMs) {
      if (live(key)) return null;
      const token = randomUUID();
      entries.set(key, { value: token, expiresAt: now() + ttlMs });
      return token;
    },
    async releaseLock(key, token) {
      if (live(key)?.value !== token) return false;
      entries.delete(key);
      return true;
    },
    async ping() {},
  };
}

/** Where the shared store's keys live in Redis: `pd:{CACHE_KEY_PREFIX}`. */
export const cacheStorePrefix = () => `pd:${getConfig().redis.keyPrefix}`;

/** The store of this process (Redis when REDIS_URL is set), shared by every route bundle. */
export function getCacheStore(): CacheStore {
  return processSingleton("cache-store", () => {
    const url = getConfig().redis.url;
    return url ? redisStore(getRedis(url), cacheStorePrefix()) : memoryStore();
  });
}
