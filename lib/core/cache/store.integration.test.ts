import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { memoryStore, redisStore, type CacheStore } from "./store";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const connections: Redis[] = [];
const connect = () => {
  const r = new Redis(REDIS_URL);
  connections.push(r);
  return r;
};

afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit()));
});

const prefix = `test:store:${randomBytes(6).toString("hex")}:`;
const adapters: [string, () => [CacheStore, CacheStore]][] = [
  ["redis (two connections)", () => [redisStore(connect(), prefix), redisStore(connect(), prefix)]],
  [
    "memory",
    () => {
      const s = memoryStore();
      return [s, s];
    },
  ],
];

describe.each(adapters)("cache store: %s", (_name, make) => {
  it("gives a lock to exactly one of two contenders", async () => {
    const [a, b] = make();
    const key = `lock-${randomBytes(4).toString("hex")}`;
    const tokens = await Promise.all([a.acquireLock(key, 5000), b.acquireLock(key, 5000)]);
    expect(tokens.filter(Boolean)).toHaveLength(1);
  });

  it("releases only with the owner's token", async () => {
    const [a, b] = make();
    const key = `lock-${randomBytes(4).toString("hex")}`;
    const token = (await a.acquireLock(key, 5000))!;
    expect(await b.releaseLock(key, "someone-else")).toBe(false);
    expect(await b.acquireLock(key, 5000)).toBeNull();
    expect(await a.releaseLock(key, token)).toBe(true);
    expect(await b.acquireLock(key, 5000)).not.toBeNull();
  });

  it("lets a lock expire by itself", async () => {
    const [a, b] = make();
    const key = `lock-${randomBytes(4).toString("hex")}`;
    expect(await a.acquireLock(key, 50)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 120));
    expect(await b.acquireLock(key, 50)).not.toBeNull();
  });

  it("stores values and counts", async () => {
    const [a, b] = make();
    const key = `v-${randomBytes(4).toString("hex")}`;
    await a.set(key, "x", 60);
    expect(await b.get(key)).toBe("x");
    expect(await a.incr(`${key}:n`)).toBe(1);
    expect(await b.incr(`${key}:n`)).toBe(2);
    await b.del(key);
    expect(await a.get(key)).toBeNull();
  });
});

describe("cache store: memory bounds", () => {
  it("sweeps expired entries that nobody reads again", async () => {
    let now = 1_000_000;
    const store = memoryStore(() => now, { sweepEveryMs: 20 });
    for (let i = 0; i < 1_000; i++) await store.set(`challenge-${i}`, "x", 300);
    await store.set("kept", "y", 600);
    now += 301_000;
    await new Promise((r) => setTimeout(r, 100));
    expect(store.size).toBe(1);
    expect(await store.get("kept")).toBe("y");
  });

  it("lets the least recently used entry go past the cap", async () => {
    const store = memoryStore(Date.now, { maxEntries: 3 });
    for (const k of ["a", "b", "c"]) await store.set(k, k, 60);
    await store.get("a");
    await store.set("d", "d", 60);
    expect(store.size).toBe(3);
    expect(await store.get("b")).toBeNull();
    expect(await store.get("a")).toBe("a");
  });

  it("keeps a counter's expiry and starts an expired one again", async () => {
    let now = 1_000_000;
    const store = memoryStore(() => now);
    await store.set("n", "5", 10);
    expect(await store.incr("n")).toBe(6);
    now += 9_000;
    expect(await store.incr("n")).toBe(7);
    now += 2_000;
    expect(await store.get("n")).toBeNull();
    expect(await store.incr("n")).toBe(1);
  });
});
