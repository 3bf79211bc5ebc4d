import { getCacheStore } from "@/lib/cache/store";
import { getLimiter, secondsUntil } from "./limiter";
import type { PolicyName } from "./policies";

// Wrong answers counted over long windows (an hour, a day) beside a per-attempt limit per
// minute. The minute limit counts every attempt before the check, which is what stops a
// parallel burst; these count only failures, so the owner's right answers never spend them, and
// a spent tier leaves a marker that the next attempt reads before anything is checked.

const waitKey = (key: string) => `failure-wait:${key}`;

/** Seconds until `key` may answer again; null when no tier is spent. */
export async function failureWaitSeconds(key: string, now = Date.now()): Promise<number | null> {
  const until = Number(await getCacheStore().get(waitKey(key)));
  return until > now ? secondsUntil(until, now) : null;
}

/** Counts one wrong answer on every tier; a tier spent by it blocks `key` until its window ends. */
export async function countFailure(tiers: readonly PolicyName[], key: string, now = Date.now()): Promise<void> {
  let until = 0;
  for (const tier of tiers) {
    const result = await getLimiter(tier).limit(key);
    if (!result.success || result.remaining === 0) until = Math.max(until, result.reset);
  }
  if (until > now) await getCacheStore().set(waitKey(key), String(until), secondsUntil(until, now));
}
