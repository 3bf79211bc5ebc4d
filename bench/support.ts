// What every bench script shares: percentiles, a throwaway PostgreSQL database, and the exit.
import { createDatabase, dropDatabase } from "@/tests/test-databases";

/** The p-th percentile of samples sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `fn(0..n-1)` with `concurrency` callers at once; the time of each call and the wall time of all. */
export async function pool<T>(n: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<{ samples: number[]; wall: number }> {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t = performance.now();
        await fn(i);
        samples.push(performance.now() - t);
      }
    }),
  );
  return { samples, wall: performance.now() - started };
}

/** Runs `fn` against a freshly created, empty database that is dropped afterwards. */
export async function withThrowawayDatabase<T>(prefix: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${process.pid}`;
  const url = await createDatabase(name);
  try {
    return await fn(url);
  } finally {
    await dropDatabase(name);
  }
}

/** Exits 0 when the bench finished, 1 with the error otherwise (open pools must not keep it alive). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
