import { getCacheStore } from "@/lib/core/cache/store";
import { getLimiter, secondsUntil } from "./limiter";
import type { PolicyName } from "./policies";

// Wrong answers counted per key on one or more limiter policies (a window each: 15 minutes, an
// hour, a day). Only failures count, so right answers never spend a budget. The failure that
// spends a tier leaves a marker until that window ends, and the next attempt reads the marker
// before anything is checked: a spent budget refuses even the right answer. What stops a
// parallel burst before the first failure lands is the caller's (a per-attempt limit, a lock).

export interface FailureBudget {
  /** Seconds until `key` may try again; null while no tier is spent. */
  waitSeconds(key: string, now?: number): Promise<number | null>;
  /** Counts one failure on every tier. `blocked`: a tier is spent; `spentNow`: by this very failure. */
  countFailure(key: string, now?: number): Promise<{ blocked: boolean; spentNow: boolean }>;
}

export function failureBudget(tiers: readonly PolicyName[]): FailureBudget {
  const markerKey = (key: string) => `failure-wait:${tiers.join("+")}:${key}`;
  return {
    async waitSeconds(key, now = Date.now()) {
      const until = Number(await getCacheStore().get(markerKey(key)));
      return until > now ? secondsUntil(until, now) : null;
    },
    async countFailure(key, now = Date.now()) {
      let until = 0;
      let spentNow = false;
      for (const tier of tiers) {
        const result = await getLimiter(tier).limit(key);
        if (result.success && result.remaining === 0) spentNow = true;
        if (!result.success || result.remaining === 0) until = Math.max(until, result.reset);
      }
      if (until > now) await getCacheStore().set(markerKey(key), String(until), secondsUntil(until, now));
      return { blocked: until > 0, spentNow };
    },
  };
}
