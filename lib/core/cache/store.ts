import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { getConfig } from "@/lib/core/config";
import { processSingleton } from "@/lib/core/process-singleton";
import { firstConnection, OPEN_MS } from "@/lib/core/redis/breaker.mjs";
import { guardedRedis, type GuardedRedis } from "@/lib/core/redis/client";

/** Small key-value port: values, counters and token locks. Redis in production, memory embedded. */
export interface CacheStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  del(key: string): Promise<void>;
  incr(key: string): Promise<number>;
  /**
   * A token when the lock was free, else null. The lock ends by itself after ttlMs. A lock that
   * must hold across instances (a singleton job's) is refused while the shared store is away.
   */
  acquireLock(key: string, ttlMs: number, opts?: { acrossInstances?: boolean }): Promise<string | null>;
  /** Releases only when the token still owns the lock (compare-and-delete). */
  releaseLock(key: string, token: string): Promise<boolean>;
  ping(): Promise<void>;
}

const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** Redis's store takes the lock's token from its caller, who may have to free a lock whose answer was lost. */
interface RedisStore extends CacheStore {
  acquireLock(key: string, ttlMs: number, opts?: { acrossInstances?: boolean }, token?: string): Promise<string | null>;
}

export function redisStore(redis: Redis, prefix = "pd:"): RedisStore {
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
    async acquireLock(key, ttlMs, _opts, token = randomUUID()) {
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

/**
 * Redis with this process's memory behind it for while Redis is away (the breaker of
 * lib/core/redis/breaker.mjs keeps calls from it): what is written then lives in this instance's
 * memory for its usual lifetime, and reads look there first, also after Redis is back; a write
 * that reaches Redis again drops the memory's copy. So a wait, a guard or a code set during an
 * outage holds on the instance that set it until it ends, and one set before holds again once
 * Redis is back. A lock that must hold across instances is refused meanwhile. The ping asks
 * Redis itself: it is how health tells an outage, and its answer opens or closes the breaker.
 */
export function redisWithFallbackStore(redis: GuardedRedis, prefix = "pd:", fallback: CacheStore = memoryStore()): CacheStore {
  const shared = redisStore(redis.client, prefix);
  const write = <T>(op: (store: CacheStore) => Promise<T>, key: string) =>
    redis.run(
      async () => {
        const result = await op(shared);
        await fallback.del(key);
        return result;
      },
      () => op(fallback),
    );
  return {
    get: async (key) =>
      (await fallback.get(key)) ??
      redis.run(
        () => shared.get(key),
        () => null,
      ),
    set: (key, value, ttl) => write((s) => s.set(key, value, ttl), key),
    async del(key) {
      await fallback.del(key);
      await redis.run(
        () => shared.del(key),
        () => undefined,
      );
    },
    incr: (key) => write((s) => s.incr(key), key),
    async acquireLock(key, ttlMs, opts) {
      if (opts?.acrossInstances) {
        const token = randomUUID();
        // A command that timed out may still run when Redis wakes: the lock it took goes with
        // this token, which nobody holds, so it is freed once Redis answers.
        return redis.run(
          () => shared.acquireLock(key, ttlMs, opts, token),
          () => (releaseWhenBack(redis, shared, key, token), null),
        );
      }
      // A marker this process set during an outage holds until it ends, also once Redis is back.
      // One that reached Redis late (a timed-out command) stays there: it guards the other instances too.
      if ((await fallback.get(key)) !== null) return null;
      return redis.run(
        () => shared.acquireLock(key, ttlMs),
        () => fallback.acquireLock(key, ttlMs),
      );
    },
    async releaseLock(key, token) {
      if (await fallback.releaseLock(key, token)) return true;
      // Unanswered now, freed once Redis answers: a job's lock must not outlive its run by its whole expiry.
      return redis.run(
        () => shared.releaseLock(key, token),
        () => (releaseWhenBack(redis, shared, key, token), false),
      );
    },
    async ping() {
      try {
        // A process's first command (a console command's health check) waits for the connection.
        await firstConnection(redis.client);
        await shared.ping();
        redis.breaker.succeeded();
      } catch (err) {
        redis.breaker.failed(err);
        throw err;
      }
    },
  };
}

/**
 * Frees a lock by its token once Redis answers again: a few tries over about 20 s, then its
 * expiry does it (also where the process ends first, e.g. a job's).
 */
function releaseWhenBack(redis: GuardedRedis, shared: RedisStore, key: string, token: string, tries = 5): void {
  const timer = setTimeout(() => {
    void redis.run(
      () => shared.releaseLock(key, token),
      () => {
        if (tries > 1) releaseWhenBack(redis, shared, key, token, tries - 1);
        return false;
      },
    );
  }, OPEN_MS + 500);
  timer.unref();
}

/** A memory store also tells how many entries it holds, expired ones not yet swept included. */
export interface MemoryStore extends CacheStore {
  readonly size: number;
}

/** Entries the memory store holds at most: a passkey challenge takes ~450 B, so some 22 MB when full (bench/memory-limits.ts). */
export const MEMORY_STORE_MAX_ENTRIES = 50_000;
const SWEEP_EVERY_MS = 60_000;

/**
 * Drops expired entries on a timer that holds them weakly, so a store nobody uses any more is
 * collected and its timer ends. Its own function: a closure beside the store's methods would
 * share their scope and hold the entries strongly.
 */
function sweepEvery(ms: number, entries: LRUCache<string, string>): void {
  const ref = new WeakRef(entries);
  const timer = setInterval(() => {
    const live = ref.deref();
    if (live) live.purgeStale();
    else clearInterval(timer);
  }, ms);
  timer.unref();
}

/**
 * The embedded default's store. What the service keeps here lives briefly (challenges 5 min,
 * 2FA markers 90 s, blocks until their window ends); a timed sweep drops expired entries even
 * when nobody reads them again. Past the cap the least recently used entry leaves: a flood large
 * enough for that must write MAX_ENTRIES entries within those lifetimes; the one writer a
 * stranger reaches at volume (the passkey sign-in start) is throttled per address and writes to
 * a store of its own (getDisposableStore).
 */
export function memoryStore(now: () => number = Date.now, opts: { maxEntries?: number; sweepEveryMs?: number } = {}): MemoryStore {
  // ttlResolution 0: expiry reads `now` each time, so a test clock that jumps is seen at once.
  const entries = new LRUCache<string, string>({ max: opts.maxEntries ?? MEMORY_STORE_MAX_ENTRIES, perf: { now }, ttlResolution: 0 });
  sweepEvery(opts.sweepEveryMs ?? SWEEP_EVERY_MS, entries);
  return {
    get size() {
      return entries.size;
    },
    get: async (key) => entries.get(key) ?? null,
    async set(key, value, ttl) {
      entries.set(key, value, { ttl: ttl ? ttl * 1000 : 0 });
    },
    async del(key) {
      entries.delete(key);
    },
    async incr(key) {
      // get() drops an expired entry first, so the counter starts again; a live one keeps its expiry.
      const next = Number(entries.get(key) ?? 0) + 1;
      entries.set(key, String(next), { noUpdateTTL: true });
      return next;
    },
    async acquireLock(key, ttlMs) {
      if (entries.has(key)) return null;
      const token = randomUUID();
      entries.set(key, token, { ttl: ttlMs });
      return token;
    },
    async releaseLock(key, token) {
      if (entries.get(key) !== token) return false;
      entries.delete(key);
      return true;
    },
    async ping() {},
  };
}

/**
 * The store for what strangers can create at volume and whose loss is harmless, WebAuthn
 * challenges (a ceremony just starts again). On Redis it is the shared store; in memory it is a
 * capped LRU of its own, so a flood of challenges evicts only challenges, never a throttle
 * marker, a wait, a lock or a second-factor replay guard in the main store.
 */
export function getDisposableStore(): CacheStore {
  // With Redis: the same keys as the shared store, but a fallback memory of its own.
  return processSingleton("disposable-store", () => {
    const url = getConfig().redis.url;
    return url ? redisWithFallbackStore(guardedRedis(url), cacheStorePrefix()) : memoryStore();
  });
}

/** Where the shared store's keys live in Redis: `pd:{CACHE_KEY_PREFIX}`. */
export const cacheStorePrefix = () => `pd:${getConfig().redis.keyPrefix}`;

/** The store of this process (Redis when REDIS_URL is set), shared by every route bundle. */
export function getCacheStore(): CacheStore {
  return processSingleton("cache-store", () => {
    const url = getConfig().redis.url;
    return url ? redisWithFallbackStore(guardedRedis(url), cacheStorePrefix()) : memoryStore();
  });
}
