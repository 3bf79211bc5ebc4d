import { getLimiter, secondsUntil } from "@/lib/ratelimit/limiter";
import type { PolicyName } from "@/lib/ratelimit/policies";
import { TwoFactorThrottledError } from "./errors";

/** Minute (spec 5.4), then hour, then day: each tier only sees attempts the one before let through. */
const TIERS: PolicyName[] = ["twoFactor", "twoFactorHourly", "twoFactorDaily"];

/**
 * Counts one second-factor attempt for the user (five a minute, spec 5.4; beyond that the wait
 * grows to an hour and a day) and throws once a window is used up. The attempt is counted
 * before the code is checked: counting only after a failure would let a burst of parallel
 * guesses all pass the check before the first failure lands. Keyed by user, not IP, so guesses
 * spread over many addresses still stop; the IP-wide login throttle sits in front anyway.
 */
export async function countSecondFactorAttempt(userId: number): Promise<void> {
  for (const tier of TIERS) {
    const result = await getLimiter(tier).limit(`totp:${userId}`);
    if (!result.success) throw new TwoFactorThrottledError(secondsUntil(result.reset));
  }
}
