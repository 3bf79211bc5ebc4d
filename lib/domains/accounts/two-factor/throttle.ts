import { reportSignal } from "@/lib/core/http/problem";
import { failureBudget } from "@/lib/core/ratelimit/failure-budget";
import { getLimiter, secondsUntil } from "@/lib/core/ratelimit/limiter";
import { TwoFactorThrottledError } from "./errors";

/** Beyond five attempts a minute: 20 wrong codes an hour, 60 a day (config TWO_FACTOR_FAILURES_PER_*). */
export const WRONG_GUESSES = failureBudget(["twoFactorHourly", "twoFactorDaily"]);
const keyOf = (userId: number) => `totp:${userId}`;

/**
 * Seconds `key` must wait before guessing a code again; null when it may guess now, and then
 * the guess is counted: five a minute (policy `twoFactor`, spec 5.4), counted before the check,
 * since counting only after a failure would let a burst of parallel guesses all pass before the
 * first failure lands; beyond that the hour's and day's wrong guesses (WRONG_GUESSES). Shared by
 * the second factor and the identity proofs, each on its own key.
 */
export async function guessRetryAfterSeconds(key: string): Promise<number | null> {
  const wait = await WRONG_GUESSES.waitSeconds(key);
  if (wait !== null) return wait;
  const result = await getLimiter("twoFactor").limit(key);
  return result.success ? null : secondsUntil(result.reset);
}

/**
 * Counts one second-factor attempt for the user and throws while a budget is spent. Keyed by
 * user, not IP, so guesses spread over many addresses still stop; the IP-wide login throttle
 * sits in front anyway.
 */
export async function countSecondFactorAttempt(userId: number): Promise<void> {
  const wait = await guessRetryAfterSeconds(keyOf(userId));
  if (wait === null) return;
  // A signed-in person's login limit (spec 7): a signal for the error tracker, without the user.
  reportSignal({ name: "throttled", status: 429, route: "second-factor" });
  throw new TwoFactorThrottledError(wait);
}

/** A wrong (or replayed) code: counts toward the hour's and the day's budget. */
export async function countSecondFactorFailure(userId: number): Promise<void> {
  await WRONG_GUESSES.countFailure(keyOf(userId));
}
