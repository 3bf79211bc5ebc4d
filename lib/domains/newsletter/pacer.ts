const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Pacer {
  /** Resolves when the next send may start. */
  wait(): Promise<void>;
}

/**
 * Spaces sends evenly at `ratePerSecond` (NEWSLETTER_SEND_RATE_PER_SECOND, per job), so a
 * campaign stays inside the provider account's request limit instead of bursting into 429s.
 * Time spent sending counts towards the gap: a slow provider is not slowed down further.
 */
export function createPacer(ratePerSecond: number, now: () => number = () => performance.now()): Pacer {
  const gapMs = 1000 / ratePerSecond;
  let next = 0;
  return {
    async wait() {
      const t = now();
      if (next > t) await sleep(next - t);
      next = Math.max(next, t) + gapMs;
    },
  };
}
