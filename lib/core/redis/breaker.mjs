// @ts-check
// How every Redis client of the service behaves when Redis is slow or away: plain JavaScript,
// because Next's cache handler (lib/core/cache/next-cache-handler.mjs) loads outside the app bundle
// and shares it. A command never waits in a queue for a connection that is not there, never
// waits longer than COMMAND_TIMEOUT_MS, and after a failure the breaker keeps every caller away
// from Redis for OPEN_MS, then lets one trial call through: each use answers without it by its
// own stated rule
// (docs/operations.md "When a dependency is away").

/** A command that has no reply within this is a failure: Redis answers in about a millisecond. */
export const COMMAND_TIMEOUT_MS = 500;
/** How long after a failure callers answer without Redis before asking it again. */
export const OPEN_MS = 3000;

/** @type {import("ioredis").RedisOptions} */
export const REDIS_OPTIONS = {
  // Refused at once while disconnected, instead of queued until Redis is back.
  enableOfflineQueue: false,
  commandTimeout: COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 0,
  // Commands of one tick share a round trip (a sign-in asks several things at once).
  enableAutoPipelining: true,
  connectTimeout: 1000,
  // Reconnect quickly and keep trying (a refused connection costs nothing): the service is back
  // on Redis within a quarter second of its return; the breaker, not the client, decides who waits.
  retryStrategy: (times) => Math.min(times * 50, 250),
};

/**
 * @typedef {{ allow(): boolean, isClosed(): boolean, failed(err: unknown): void, succeeded(): void, readonly openUntil: number }} Breaker
 */

const BREAKERS = Symbol.for("pressdesk.redis.breakers");

/** @returns {Map<string, Breaker>} shared by every bundle of the process */
function breakers() {
  const g = /** @type {Record<symbol, Map<string, Breaker>>} */ (/** @type {unknown} */ (globalThis));
  return (g[BREAKERS] ??= new Map());
}

/**
 * The breaker of one Redis (by URL), one per process. Closed: every call goes to Redis. A
 * failure opens it for OPEN_MS; after that exactly one call (the trial) goes to Redis while the
 * others still answer without it, and the trial's outcome closes or reopens it.
 * @param {string} url
 * @param {() => number} [now]
 * @returns {Breaker}
 */
export function breakerFor(url, now = Date.now) {
  let breaker = breakers().get(url);
  if (!breaker) {
    let openUntil = 0;
    let down = false;
    let trial = false;
    breaker = {
      get openUntil() {
        return openUntil;
      },
      isClosed: () => !down,
      allow() {
        if (!down) return true;
        if (trial || now() < openUntil) return false;
        trial = true;
        return true;
      },
      failed(err) {
        if (!down) console.warn(`redis: unavailable (${err instanceof Error ? err.message : String(err)}); answering without it`);
        down = true;
        trial = false;
        openUntil = now() + OPEN_MS;
      },
      succeeded() {
        if (down) console.info("redis: available again");
        down = false;
        trial = false;
        openUntil = 0;
      },
    };
    breakers().set(url, breaker);
  }
  return breaker;
}

/** @type {WeakMap<object, Promise<void>>} */
const firstConnections = new WeakMap();

/**
 * Until a client's first connection is up, a call waits for it (at most the connect timeout):
 * without an offline queue, the first requests after start would otherwise all fail. Once the
 * client was connected, or its first attempt is over, nobody waits: a lost connection fails fast.
 * @param {import("ioredis").Redis} client
 */
export function firstConnection(client) {
  let pending = firstConnections.get(client);
  if (!pending) {
    pending =
      client.status === "ready"
        ? Promise.resolve()
        : new Promise((resolve) => {
            const done = () => {
              clearTimeout(timer);
              client.off("ready", done);
              client.off("error", done);
              resolve();
            };
            const timer = setTimeout(done, Number(REDIS_OPTIONS.connectTimeout));
            client.once("ready", done);
            client.once("error", done);
          });
    firstConnections.set(client, pending);
  }
  return pending;
}

/**
 * Runs `op` against Redis unless the breaker keeps it away; on any failure opens it and answers
 * `fallback()` instead, so a caller never sees Redis's outage, only the fallback's answer.
 * @template T
 * @param {import("ioredis").Redis} client
 * @param {Breaker} breaker
 * @param {() => Promise<T>} op
 * @param {() => T | Promise<T>} fallback
 * @returns {Promise<T>}
 */
export async function guarded(client, breaker, op, fallback) {
  if (!breaker.allow()) return fallback();
  try {
    await firstConnection(client);
    const result = await op();
    breaker.succeeded();
    return result;
  } catch (err) {
    breaker.failed(err);
    return fallback();
  }
}
