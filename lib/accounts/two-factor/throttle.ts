import { countFailure, failureWaitSeconds } from "@/lib/ratelimit/failure-tiers";
import { getLimiter, secondsUntil } from "@/lib/ratelimit/limiter";
import { TwoFactorThrottledError } from "./errors";

/** Beyond five attempts a minute: 20 wrong codes an hour, 60 a day (config TWO_FACTOR_FAILURES_PER_*). */
export const SECOND_FACTOR_FAILURE_TIERS = ["twoFactorHourly", "twoFactorDaily"] as const;
const keyOf = (userId: number) => `totp:${userId}`;

/**
 * Counts one second-factor attempt for the user and throws while a budget is spent: five
 * attempts a minute (spec 5.4), counted before the code is checked, since counting only after a
 * failure would let a burst of parallel guesses all pass before the first failure lands; and
 * the hour's and day's wrong codes (countSecondFactorFailure). Keyed by user, not IP, so
 * guesses spread over many addresses still stop; the IP-wide login throttle sits in front anyway.
 */
export async function countSecondFactorAttempt(userId: number): Promise<void> {
  const wait = await failureWaitSeconds(keyOf(userId));
  if (wait !== null) throw new TwoFactorThrottledError(wait);
  const result = await getLimiter("twoFactor").limit(keyOf(userId));
  if (!result.success) throw new TwoFactorThrottledError(secondsUntil(result.reset));
}

/** A wrong (or replayed) code: counts toward the hour's and the day's budget. */
export async function countSecondFactorFailure(userId: number): Promise<void> {
  await countFailure(SECOND_FACTOR_FAILURE_TIERS, keyOf(userId));
}
