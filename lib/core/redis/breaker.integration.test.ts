import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { redisWithFallbackStore } from "@/lib/core/cache/store";
import { redisLimiter } from "@/lib/core/ratelimit/limiter";
import { COMMAND_TIMEOUT_MS, OPEN_MS } from "./breaker.mjs";
import { getRedis, guardedRedis } from "./client";

// Redis going away under the service's clients, for real: this file runs a redis-server of its
// own on a free port, freezes it (SIGSTOP: connections stay open, nothing answers) or stops it
// (SIGTERM: connections close, nothing listens) and starts it again. The shared Redis of the
// other files is never touched. Breakers are kept per URL and process, so each scenario uses a
// database index of its own (a URL of its own) and starts with a closed breaker.

let port = 0;
let server: ChildProcess | null = null;
let frozen = false;
const urlsUsed = new Set<string>();
const plainClients: Redis[] = [];
/** MONITOR connections: ended as soon as a scenario has read them (one that reconnects would mistake the feed for replies). */
const monitors: Redis[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

async function startRedis(): Promise<void> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server on ${port} did not start:\n${log}`)), 5000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("Ready to accept connections")) {
        clearTimeout(timer);
        child.off("exit", onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`redis-server on ${port} exited (${code}):\n${log}`));
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", onExit);
  });
  server = child;
}

async function stopRedis(): Promise<void> {
  const child = server!;
  server = null;
  if (frozen) thaw();
  const exited = once(child, "exit");
  process.kill(child.pid!, "SIGTERM");
  await exited;
}

function freeze(): void {
  process.kill(server!.pid!, "SIGSTOP");
  frozen = true;
}

function thaw(): void {
  if (server) process.kill(server.pid!, "SIGCONT");
  frozen = false;
}

/** A Redis URL of this file's server that no other scenario uses: a breaker and a client of its own. */
function scenarioUrl(db: number): string {
  const url = `redis://127.0.0.1:${port}/${db}`;
  expect(urlsUsed.has(url), `${url} is used by one scenario only`).toBe(false);
  urlsUsed.add(url);
  return url;
}

/** A plain client beside the service's (default options: it waits and retries), to look at Redis directly. */
function plainClient(url: string): Redis {
  const client = new Redis(url);
  client.on("error", () => {});
  plainClients.push(client);
  return client;
}

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await call();
  return { value, ms: performance.now() - start };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What escaped to the process instead of reaching a caller as an answer. */
const escaped: unknown[] = [];
const onEscape = (err: unknown) => escaped.push(err);

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  process.on("unhandledRejection", onEscape);
  process.on("uncaughtException", onEscape);
});

afterEach(async () => {
  for (const monitor of monitors.splice(0)) monitor.disconnect();
  // Every scenario leaves the server running and answering for the next one.
  if (frozen) thaw();
  if (!server) await startRedis();
  await sleep(20);
  expect(escaped).toEqual([]);
});

afterAll(async () => {
  process.off("unhandledRejection", onEscape);
  process.off("uncaughtException", onEscape);
  for (const url of urlsUsed) getRedis(url).disconnect();
  for (const client of plainClients) client.disconnect();
  if (server) await stopRedis();
});

const uniquePrefix = (name: string) => `test:breaker:${name}:${randomBytes(4).toString("hex")}:`;

/** A scenario's own Redis URL, the guarded client on it, and the service's store over it under a fresh prefix. */
function scenario(db: number, name: string) {
  const url = scenarioUrl(db);
  const redis = guardedRedis(url);
  const prefix = uniquePrefix(name);
  return { url, redis, prefix, store: redisWithFallbackStore(redis, prefix) };
}

/** Waits (at most past the breaker's open period and a retry) until `key` is gone from Redis; its last value. */
async function untilGone(direct: Redis, key: string): Promise<string | null> {
  const deadline = Date.now() + OPEN_MS + 4000;
  let value = await direct.get(key);
  while (value !== null && Date.now() < deadline) {
    await sleep(100);
    value = await direct.get(key);
  }
  return value;
}

describe("Redis away: the store answers from this process's memory", () => {
  it("answers from memory after one command timeout when Redis freezes, then at once without asking Redis, and from Redis again once it is back", async () => {
    const { url, redis, prefix, store } = scenario(1, "frozen");
    const direct = plainClient(url);
    await store.set("before", "kept in redis", 60);
    expect(await store.get("before")).toBe("kept in redis");

    // Every command Redis is asked, as Redis sees it (it reads what waited in its sockets once it runs again).
    const monitor = await plainClient(url).monitor();
    monitor.on("error", () => {});
    monitors.push(monitor);
    const asked: string[][] = [];
    monitor.on("monitor", (_time: string, args: string[]) => {
      if (args.some((a) => a.startsWith(prefix))) asked.push(args);
    });

    freeze();
    const frozeAt = Date.now();
    const first = await timed(() => store.get("before"));
    expect(first.value).toBeNull(); // this process's memory never held it
    expect(first.ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 20);
    // (+150: the breaker's one warning on opening goes through the test runner's console capture, ~40-110 ms here)
    expect(first.ms).toBeLessThan(COMMAND_TIMEOUT_MS + 150);
    expect(redis.breaker.isClosed()).toBe(false);
    const openedUntil = redis.breaker.openUntil;
    expect(openedUntil).toBeGreaterThanOrEqual(frozeAt + OPEN_MS);

    const during = [
      await timed(() => store.get("before")),
      await timed(() => store.set("during", "kept in memory", 60)),
      await timed(() => store.get("during")),
      await timed(() => store.incr("count")),
      await timed(() => store.incr("count")),
      await timed(() => store.del("nothing")),
    ];
    for (const call of during) expect(call.ms).toBeLessThan(50);
    expect(during.map((c) => c.value)).toEqual([null, undefined, "kept in memory", 1, 2, undefined]);

    thaw();
    // Redis got exactly the one GET that timed out; everything after it stayed in memory.
    const deadline = Date.now() + 1000;
    while (asked.length < 1 && Date.now() < deadline) await sleep(20);
    await sleep(100);
    monitor.disconnect();
    expect(asked.map((args) => args.map((a) => a.toLowerCase()))).toEqual([["get", `${prefix}before`.toLowerCase()]]);

    // Back: once OPEN_MS has passed, calls go to Redis again and see what others wrote there.
    await direct.set(`${prefix}after`, "written by another instance", "EX", 60);
    let seen: string | null = null;
    const until = Date.now() + 4000;
    while (seen === null && Date.now() < until) {
      seen = await store.get("after");
      if (seen === null) await sleep(50);
    }
    expect(seen).toBe("written by another instance");
    expect(Date.now()).toBeGreaterThanOrEqual(openedUntil);
    expect(redis.breaker.isClosed()).toBe(true);
    expect(await store.get("before")).toBe("kept in redis");
  });

  it("fails fast to memory while Redis is stopped; ping rejects while it is down, and the first ping that succeeds closes the breaker at once", async () => {
    const { url, redis, prefix, store } = scenario(2, "stopped");
    await store.set("k", "before the outage", 60);
    await store.ping();

    await stopRedis();
    const calls = [
      await timed(() => store.get("k")),
      await timed(() => store.set("k", "during the outage", 60)),
      await timed(() => store.get("k")),
      await timed(() => store.incr("n")),
    ];
    for (const call of calls) expect(call.ms).toBeLessThan(100);
    expect(calls.map((c) => c.value)).toEqual([null, undefined, "during the outage", 1]);
    await expect(store.ping()).rejects.toThrow();
    expect(redis.breaker.isClosed()).toBe(false);

    await startRedis();
    const direct = plainClient(url);
    await direct.set(`${prefix}other`, "in redis again", "EX", 60);
    // Health pings until the client has reconnected; each failure opens the breaker anew.
    let openBeforeSuccess = 0;
    const deadline = Date.now() + 4000;
    for (;;) {
      openBeforeSuccess = redis.breaker.openUntil;
      try {
        await store.ping();
        break;
      } catch {
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(50);
      }
    }
    // The breaker was open and would have stayed so; the ping closed it, and the next get reads Redis.
    expect(openBeforeSuccess).toBeGreaterThan(Date.now());
    expect(redis.breaker.isClosed()).toBe(true);
    const next = await timed(() => store.get("other"));
    expect(next.value).toBe("in redis again");
    // What was written during the outage holds on this instance until it ends, not only until Redis is back.
    expect(await store.get("k")).toBe("during the outage");
    // A write that reaches Redis again drops the memory's copy.
    await store.set("k", "after the outage", 60);
    expect(await store.get("k")).toBe("after the outage");
    expect(await direct.get(`${prefix}k`)).toBe("after the outage");
  });

  it("refuses a lock that must hold across instances while Redis is away, and grants one from memory that need not", async () => {
    const { url, redis, prefix, store } = scenario(3, "locks");
    expect(await store.get("warm")).toBeNull();

    await stopRedis();
    // The first try meets the closed breaker and a failing Redis; the second the open breaker.
    expect(await store.acquireLock("job", 5000, { acrossInstances: true })).toBeNull();
    expect(redis.breaker.isClosed()).toBe(false);
    const refused = await timed(() => store.acquireLock("job", 5000, { acrossInstances: true }));
    expect(refused.value).toBeNull();
    expect(refused.ms).toBeLessThan(50);

    const token = await store.acquireLock("local", 5000);
    expect(token).toEqual(expect.any(String));
    expect(await store.acquireLock("local", 5000)).toBeNull();
    expect(await store.releaseLock("local", token!)).toBe(true);
    expect(await store.acquireLock("local", 5000)).toEqual(expect.any(String));

    await startRedis();
    const deadline = Date.now() + 4000;
    while (
      await store.ping().then(
        () => false,
        () => true,
      )
    ) {
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(50);
    }
    const shared = await store.acquireLock("job", 5000, { acrossInstances: true });
    expect(shared).toEqual(expect.any(String));
    expect(await plainClient(url).get(`${prefix}job`)).toBe(shared);
  });
});

describe("Redis away: the breaker tries again with one call", () => {
  it("after the open period lets one trial call wait for a still frozen Redis while the others answer at once", async () => {
    const { redis, store } = scenario(9, "trial");
    expect(await store.get("warm")).toBeNull();
    freeze();
    await timed(() => store.get("k"));
    expect(redis.breaker.isClosed()).toBe(false);
    await sleep(OPEN_MS + 50);
    const calls = await Promise.all(Array.from({ length: 20 }, () => timed(() => store.get("k"))));
    const waited = calls.filter((c) => c.ms >= COMMAND_TIMEOUT_MS - 50);
    expect(waited).toHaveLength(1);
    for (const call of calls.filter((c) => c.ms < COMMAND_TIMEOUT_MS - 50)) expect(call.ms).toBeLessThan(50);
    expect(redis.breaker.isClosed()).toBe(false);
  });

  it("frees a lock whose request timed out once Redis answers again, so the next run is not locked out", async () => {
    const { url, prefix, store } = scenario(10, "late-lock");
    expect(await store.get("warm")).toBeNull();
    freeze();
    expect(await store.acquireLock("job", 60_000, { acrossInstances: true })).toBeNull();
    thaw();
    const direct = plainClient(url);
    // The frozen server runs the SET when it wakes: for a moment the lock is held by a token nobody has.
    expect(await untilGone(direct, `${prefix}job`)).toBeNull();
    expect(await store.acquireLock("job", 60_000, { acrossInstances: true })).not.toBeNull();
  });
});

describe("Redis away: locks end with their run", () => {
  it("frees a job's lock released while the breaker is open once Redis answers again", async () => {
    const { url, prefix, store } = scenario(11, "release-later");
    const token = await store.acquireLock("job", 60_000, { acrossInstances: true });
    expect(token).not.toBeNull();
    freeze();
    // The run ends while Redis does not answer: the release cannot reach it now.
    expect(await store.releaseLock("job", token!)).toBe(false);
    thaw();
    const direct = plainClient(url);
    expect(await untilGone(direct, `${prefix}job`)).toBeNull();
  });

  it("keeps a replay marker that reached Redis late: it guards the other instances too", async () => {
    const { url, prefix, store } = scenario(12, "late-marker");
    expect(await store.get("warm")).toBeNull();
    freeze();
    // Granted from this process's memory; the SET NX the frozen server holds runs when it wakes.
    expect(await store.acquireLock("2fa-step", 60_000)).not.toBeNull();
    thaw();
    await sleep(OPEN_MS + 1500);
    const direct = plainClient(url);
    expect(await direct.get(`${prefix}2fa-step`)).not.toBeNull();
    // And this instance still refuses the same marker, from its memory.
    expect(await store.acquireLock("2fa-step", 60_000)).toBeNull();
  });
});

describe("Redis away: rate limits count in memory", () => {
  it.each([
    ["stopped", 4, 100],
    ["frozen", 5, COMMAND_TIMEOUT_MS + 150],
  ] as const)(
    "a limiter of three over a %s Redis still refuses the fourth call, answering at once after the first",
    async (mode, db, firstWithin) => {
      const url = scenarioUrl(db);
      const limiter = redisLimiter({ limit: 3, windowSeconds: 3600, prefix: uniquePrefix(`rl-${mode}`) }, guardedRedis(url));
      expect((await limiter.limit("warm")).success).toBe(true);

      if (mode === "stopped") await stopRedis();
      else freeze();
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await timed(() => limiter.limit("203.0.113.9")));
      expect(results.map((r) => r.value.success)).toEqual([true, true, true, false]);
      expect(results[3]!.value.remaining).toBe(0);
      expect(results[3]!.value.reset).toBeGreaterThan(Date.now());
      expect(results[0]!.ms).toBeLessThan(firstWithin);
      for (const r of results.slice(1)) expect(r.ms).toBeLessThan(50);
    },
  );
});

describe("Redis away: nothing queues", () => {
  it("200 parallel gets while Redis is stopped all settle within a second", async () => {
    const { redis, store } = scenario(6, "burst-stopped");
    expect(await store.get("warm")).toBeNull();
    expect(redis.breaker.isClosed()).toBe(true);

    await stopRedis();
    const burst = await timed(() => Promise.allSettled(Array.from({ length: 200 }, (_, i) => store.get(`k${i}`))));
    expect(burst.ms).toBeLessThan(1000);
    expect(burst.value.every((r) => r.status === "fulfilled" && r.value === null)).toBe(true);
  });

  it("200 parallel gets to a frozen Redis all settle within one command timeout, not one after another", async () => {
    const { redis, store } = scenario(7, "burst-frozen");
    expect(await store.get("warm")).toBeNull();
    expect(redis.breaker.isClosed()).toBe(true);

    freeze();
    const burst = await timed(() => Promise.allSettled(Array.from({ length: 200 }, (_, i) => store.get(`k${i}`))));
    expect(burst.ms).toBeLessThan(COMMAND_TIMEOUT_MS + 300);
    expect(burst.value.every((r) => r.status === "fulfilled" && r.value === null)).toBe(true);
  });
});

describe("Redis away: one breaker per Redis in the process", () => {
  it("once the store found Redis frozen, the page cache handler's reads miss and its writes are skipped at once, and its own copy still answers", async () => {
    const url = scenarioUrl(8);
    // The handler builds its store once per process from REDIS_URL: point it at this file's server for that moment.
    const storeSymbol = Symbol.for("pressdesk.cache.store");
    expect((globalThis as Record<symbol, unknown>)[storeSymbol], "no page cache store was built in this process yet").toBeUndefined();
    const { default: PublicCacheHandler } = await import("@/lib/core/cache/next-cache-handler.mjs");
    const sharedUrl = process.env.REDIS_URL;
    process.env.REDIS_URL = url;
    let handler: InstanceType<typeof PublicCacheHandler>;
    try {
      handler = new PublicCacheHandler();
    } finally {
      process.env.REDIS_URL = sharedUrl;
    }
    const key = `page-${randomBytes(4).toString("hex")}`;
    await handler.set(key, { kind: "PAGE", html: "<p>kept</p>" }, { tags: ["portal:business"] });
    const direct = plainClient(url);
    expect(await direct.exists(`pd:next:${process.env.CACHE_KEY_PREFIX ?? ""}dev:${key}`)).toBe(1);

    const store = redisWithFallbackStore(guardedRedis(url), uniquePrefix("handler"));
    expect(await store.get("anything")).toBeNull();

    freeze();
    const opening = await timed(() => store.get("anything")); // one command timeout: the breaker of this URL opens
    expect(opening.ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 20);
    const reads = [
      await timed(() => handler.get(`${key}-never-written`, {})),
      await timed(() => handler.set(`${key}-new`, { kind: "PAGE", html: "<p>new</p>" }, { tags: ["portal:business"] })),
      await timed(() => handler.get(`${key}-new`, {})),
      await timed(() => handler.get(key, {})),
    ];
    for (const r of reads) expect(r.ms).toBeLessThan(50);
    expect(reads[0]!.value).toBeNull();
    expect(reads[2]!.value?.value).toEqual({ kind: "PAGE", html: "<p>new</p>" });
    expect(reads[3]!.value?.value).toEqual({ kind: "PAGE", html: "<p>kept</p>" });
  });
});
