import { resetConfigForTests } from "@/lib/config";
import { resetLimitersForTests } from "@/lib/ratelimit/limiter";

/** Sets limit variables (undefined removes one) and rebuilds config and limiters, so the next call sees them. */
export function setLimits(vars: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
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
