// The limiter's windows are fixed (lib/core/ratelimit/limiter.ts): a test that counts attempts into one
// window must not straddle its end, or the count starts again halfway and the test flakes.

/** Waits for the next window when the current one of `windowSeconds` ends within `marginMs`. */
export async function clearOfWindowEnd(windowSeconds: number, marginMs = 5_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
