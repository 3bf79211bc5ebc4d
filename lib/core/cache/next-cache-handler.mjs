// @ts-check
// Next's server cache handler (next.config `cacheHandler`). Next imports this file at run time,
// outside the app's bundle, so it is plain JavaScript. With REDIS_URL every instance reads and
// writes the same entries in Redis; without it a size-bounded LRU holds them in this process.
// Invalidation is by tag: an entry is dropped when one of its tags was invalidated after the entry
// was written. Tag times live in a process-wide map that the invalidation poller
// (lib/adapters/public/invalidation-poller.ts) fills from committed database rows, so every instance
// applies every invalidation, whichever process made it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { breakerFor, guarded, REDIS_OPTIONS } from "../redis/breaker.mjs";

const TAG_TIMES = Symbol.for("pressdesk.cache.tagTimes");
const STORE = Symbol.for("pressdesk.cache.store");
/** Entries outlive their revalidation time (they are served stale while refreshing), not a day. */
const ENTRY_TTL_SECONDS = 24 * 60 * 60;
/**
 * With Redis: how long this process keeps its own copy of an entry (see layeredStore). Tags
 * decide validity on every read, so the copy may live as long as the longest refresh period.
 */
const NEAR_TTL_MS = 15 * 60_000;
/** Memory mode: the whole cache stays below this many bytes of serialized entries. */
const MEMORY_LIMIT_BYTES = Number(process.env.CACHE_MEMORY_LIMIT_MB || 64) * 1024 * 1024;

/** @returns {Map<string, number>} a map shared by every bundle of the process */
function processMap(/** @type {symbol} */ key) {
  const g = /** @type {Record<symbol, Map<string, number>>} */ (/** @type {unknown} */ (globalThis));
  return (g[key] ??= new Map());
}

/** @returns {Map<string, number>} tag → time (ms) of its newest invalidation, shared in the process */
export const tagTimes = () => processMap(TAG_TIMES);

const REMOVAL_TIMES = Symbol.for("pressdesk.cache.removalTimes");

/**
 * @returns {Map<string, number>} tag → time (ms) of its newest invalidation that was not only
 * additive (lib/domains/sites/public-tags.ts): bytes written before it must never be served again
 */
export const removalTimes = () => processMap(REMOVAL_TIMES);

/** Buffers and Maps (page entries carry both) survive the round trip through a string. */
function replacer(/** @type {string} */ _key, /** @type {unknown} */ value) {
  if (
    value &&
    typeof value === "object" &&
    /** @type {{type?: string}} */ (value).type === "Buffer" &&
    Array.isArray(/** @type {{data?: unknown}} */ (value).data)
  ) {
    return { $buffer: Buffer.from(/** @type {{data: number[]}} */ (value).data).toString("base64") };
  }
  if (value instanceof Map) return { $map: [...value.entries()] };
  return value;
}

function reviver(/** @type {string} */ _key, /** @type {any} */ value) {
  if (value && typeof value === "object") {
    if (typeof value.$buffer === "string") return Buffer.from(value.$buffer, "base64");
    if (Array.isArray(value.$map)) return new Map(value.$map);
  }
  return value;
}

/**
 * @typedef {{ value: any, lastModified: number, tags: string[] }} Entry
 * @typedef {{ get(key: string): Promise<string | null>, set(key: string, raw: string, ttlSeconds?: number): Promise<void>, del(key: string): Promise<void> }} Store
 */

/**
 * Keys carry the build: a new deployment never reads entries shaped by the previous one.
 * CACHE_KEY_PREFIX separates installations sharing one Redis.
 */
function keyPrefix(/** @type {string | undefined} */ serverDistDir) {
  let build = "dev";
  try {
    if (serverDistDir) build = readFileSync(join(serverDistDir, "..", "BUILD_ID"), "utf8").trim();
  } catch {
    // No BUILD_ID (development): one namespace.
  }
  return `pd:next:${process.env.CACHE_KEY_PREFIX ?? ""}${build}:`;
}

/**
 * Redis through the breaker (lib/core/redis/breaker.mjs): while it is away every read is a miss and
 * every write is skipped at once, so a page renders (or comes from this process's copy) instead
 * of waiting for Redis.
 * @returns {Store}
 */
function redisStore(/** @type {string} */ url, /** @type {string} */ KEY_PREFIX) {
  const redis = new Redis(url, REDIS_OPTIONS);
  redis.on("error", () => {});
  const breaker = breakerFor(url);
  const run = (/** @type {() => Promise<any>} */ op) => guarded(redis, breaker, op, () => null);
  return {
    get: (key) => run(() => redis.getBuffer(KEY_PREFIX + key).then((b) => (b ? b.toString("utf8") : null))),
    set: (key, raw, ttlSeconds) => run(() => redis.set(KEY_PREFIX + key, raw, "EX", ttlSeconds ?? ENTRY_TTL_SECONDS)).then(() => undefined),
    del: (key) => run(() => redis.del(KEY_PREFIX + key)).then(() => undefined),
  };
}

/** @returns {Store} */
function memoryStore(/** @type {number} */ maxBytes, /** @type {number} */ ttlMs) {
  const lru = new LRUCache({ maxSize: maxBytes, sizeCalculation: (/** @type {string} */ v) => v.length * 2 || 1, ttl: ttlMs });
  return {
    get: async (key) => lru.get(key) ?? null,
    set: async (key, raw, ttlSeconds) => void lru.set(key, raw, ttlSeconds ? { ttl: ttlSeconds * 1000 } : undefined),
    del: async (key) => void lru.delete(key),
  };
}

/**
 * Redis behind an in-process copy. Tag checks apply to both alike, so an invalidation is exact
 * either way; the copy saves the round trip and keeps hits free of I/O: with Next 16.4 a render
 * that waits for I/O stays reachable long after its response while the connection is kept
 * alive (measured: ~50 KB a request), a render served from memory does not.
 * @returns {Store}
 */
function layeredStore(/** @type {Store} */ near, /** @type {Store} */ far) {
  return {
    async get(key) {
      const hit = await near.get(key);
      if (hit) return hit;
      const raw = await far.get(key);
      if (raw) await near.set(key, raw);
      return raw;
    },
    async set(key, raw, ttlSeconds) {
      await Promise.all([near.set(key, raw, ttlSeconds), far.set(key, raw, ttlSeconds)]);
    },
    async del(key) {
      await Promise.all([near.del(key), far.del(key)]);
    },
  };
}

/** @returns {Store} one per process: Next creates a handler per request */
function store(/** @type {string | undefined} */ serverDistDir = undefined) {
  const g = /** @type {Record<symbol, Store>} */ (/** @type {unknown} */ (globalThis));
  g[STORE] ??= process.env.REDIS_URL
    ? layeredStore(memoryStore(MEMORY_LIMIT_BYTES / 2, NEAR_TTL_MS), redisStore(process.env.REDIS_URL, keyPrefix(serverDistDir)))
    : memoryStore(MEMORY_LIMIT_BYTES, ENTRY_TTL_SECONDS * 1000);
  return g[STORE];
}

/** Route and page entries keep their tags in a header; data entries get them in the context. */
function tagsOf(/** @type {any} */ data, /** @type {any} */ ctx) {
  const fromHeader = data?.headers?.["x-next-cache-tags"];
  return [...(ctx?.tags ?? []), ...(typeof fromHeader === "string" ? fromHeader.split(",") : [])];
}

/** True when one of the tags was invalidated at or after the entry was written. */
export function isInvalidated(/** @type {string[]} */ tags, /** @type {number} */ lastModified, times = tagTimes()) {
  return tags.some((tag) => (times.get(tag) ?? -Infinity) >= lastModified);
}

/** True when an invalidation that was not only additive came at or after the entry was written. */
export function isRemovedSince(/** @type {string[]} */ tags, /** @type {number} */ lastModified) {
  return isInvalidated(tags, lastModified, removalTimes());
}

export default class PublicCacheHandler {
  /** @param {{ serverDistDir?: string }} [options] */
  constructor(options) {
    store(options?.serverDistDir);
  }

  /** @param {string} key @param {any} ctx */
  async get(key, ctx) {
    const raw = await store().get(key);
    if (!raw) return null;
    /** @type {Entry} */
    const entry = JSON.parse(raw, reviver);
    if (isInvalidated([...entry.tags, ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])], entry.lastModified)) return null;
    // tags: for a caller that keeps its own copy and must go on checking them (stored answers).
    return { value: entry.value, lastModified: entry.lastModified, tags: entry.tags };
  }

  /** @param {string} key @param {any} data @param {any} ctx */
  async set(key, data, ctx) {
    if (!data) return store().del(key);
    /** @type {Entry} */
    // A caller that read before writing passes when it started: an invalidation committed while
    // it read then drops what it wrote, which may hold the replaced state.
    const entry = { value: data, lastModified: ctx?.startedAt ?? Date.now(), tags: tagsOf(data, ctx) };
    // ctx.ttlSeconds: an entry that is read again after its refresh anyway need not outlive it.
    await store().set(key, JSON.stringify(entry, replacer), ctx?.ttlSeconds);
  }

  /** Next's own revalidateTag() lands here; our invalidations arrive through the poller. */
  async revalidateTag(/** @type {string | string[]} */ tags) {
    const now = Date.now();
    for (const tag of Array.isArray(tags) ? tags : [tags]) {
      tagTimes().set(tag, now);
      removalTimes().set(tag, now);
    }
  }

  resetRequestCache() {}
}
