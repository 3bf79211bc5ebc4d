import { resetLimitersForTests } from "@/lib/core/ratelimit/limiter";
import { configureEnv } from "./test-env";

/** Sets limit variables (undefined removes one) and rebuilds config and limiters, so the next call sees them. */
export function setLimits(vars: Record<string, string | undefined>): void {
  configureEnv(vars);
  resetLimitersForTests();
}

/** Runs `fn` under these limits and returns to the defaults afterwards, whatever `fn` changed of them. */
export async function withLimits<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  setLimits(vars);
  try {
    return await fn();
  } finally {
    setLimits(Object.fromEntries(Object.keys(vars).map((name) => [name, undefined])));
  }
}
