// When a failed delivery is tried again (docs/webhooks.md): after the first attempt, 5 seconds,
// 5 minutes, 30 minutes, 2, 5, 10, 10, 10, 14 and 20 hours later: eleven attempts over about
// three days (71.6 hours); a delivery that failed them all is given up.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const RETRY_DELAYS_MS = [
  5_000,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
] as const;

/** The wait before the next attempt after `attempts` failed ones, or null when the delivery is given up. */
export function retryDelayMs(attempts: number): number | null {
  return RETRY_DELAYS_MS[attempts - 1] ?? null;
}

/** An endpoint whose every attempt failed for this long is switched off and its owners are told. */
export const DISABLE_AFTER_FAILING_MS = 72 * HOUR;

/** A 2xx within this time counts; the answer is read up to RESPONSE_LIMIT_BYTES. */
export const DELIVERY_TIMEOUT_MS = 15_000;
export const RESPONSE_LIMIT_BYTES = 64 * 1024;
