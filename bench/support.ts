// What every bench script shares: percentiles, a throwaway PostgreSQL database, and the exit.
import { createDatabase, dropDatabase } from "@/tests/test-databases";

/** The p-th percentile of samples sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
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
