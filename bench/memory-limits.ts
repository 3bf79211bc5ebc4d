// Memory and per-call cost of the embedded default's in-process rate limiter and cache store
// under a stream of distinct keys (what a stranger sends when no Redis is configured): resident
// memory and heap before and after, entries held, mean, p99 and max per call for each 100k block
// (a mean above the p99 is a few calls that met a garbage collection).
// A benchmark, not a test: it prints. Usage: npx tsx bench/memory-limits.ts [--sizes=100000,1000000]
import { cpus } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { MEMORY_STORE_MAX_ENTRIES, memoryStore } from "@/lib/core/cache/store";
import { MEMORY_LIMITER_MAX_KEYS, memoryLimiter } from "@/lib/core/ratelimit/limiter";
import { percentile, runBench } from "./support";

const SIZES = (process.argv.find((a) => a.startsWith("--sizes="))?.split("=")[1] ?? "100000,1000000").split(",").map(Number);
const BLOCK = 100_000;

// The heap figures mean what is held, not garbage waiting for the collector: collect first.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (() => void) | undefined;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const us = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;

async function memory() {
  // A turn of the event loop first: objects held by a WeakRef made in this turn are released only then.
  await new Promise((resolve) => setImmediate(resolve));
  gc?.();
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

const clientKey = (i: number) => `v1:${i.toString(16).padStart(22, "0")}`;
const challengeKey = (i: number) => `passkey:authentication:${i.toString(16).padStart(43, "0")}`;
const challenge = (i: number) => JSON.stringify({ challenge: i.toString(16).padStart(43, "0") });

interface Subject {
  size: number;
}

async function drive(label: string, keys: number, subject: () => Subject, call: (s: Subject, i: number) => Promise<unknown>) {
  const before = await memory();
  const s = subject();
  const samples = new Float64Array(BLOCK);
  console.log(`${label}, ${keys.toLocaleString("en")} distinct keys`);
  for (let b = 0; b < keys; b += BLOCK) {
    let total = 0;
    const n = Math.min(BLOCK, keys - b);
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await call(s, b + i);
      samples[i] = performance.now() - t;
      total += samples[i]!;
    }
    const sorted = Array.from(samples.subarray(0, n)).sort((x, y) => x - y);
    console.log(
      `  keys ${String(b + 1).padStart(9)}–${String(b + n).padEnd(9)} mean ${us(total / n).padStart(9)}  p99 ${us(percentile(sorted, 99)).padStart(9)}  max ${`${sorted.at(-1)!.toFixed(1)} ms`.padStart(8)}`,
    );
  }
  const after = await memory();
  console.log(
    `  entries held ${s.size.toLocaleString("en")}; rss ${mb(before.rss)} → ${mb(after.rss)}; heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} (+${mb(after.heapUsed - before.heapUsed)})`,
  );
}

async function main() {
  console.log(`machine: ${cpus().length} cores, node ${process.version}; gc ${gc ? "collected before each reading" : "not available"}`);
  console.log(
    `caps: limiter ${MEMORY_LIMITER_MAX_KEYS.toLocaleString("en")} keys per policy, store ${MEMORY_STORE_MAX_ENTRIES.toLocaleString("en")} entries`,
  );
  const policy = { limit: 5, windowSeconds: 3600, prefix: "bench" };
  for (const keys of SIZES) {
    await drive(
      "memory limiter",
      keys,
      () => memoryLimiter(policy),
      (s, i) => (s as ReturnType<typeof memoryLimiter>).limit(clientKey(i)),
    );
    await drive(
      "memory store (passkey challenges, 5 min)",
      keys,
      () => memoryStore(),
      (s, i) => (s as ReturnType<typeof memoryStore>).set(challengeKey(i), challenge(i), 300),
    );
  }
}

runBench(main);
