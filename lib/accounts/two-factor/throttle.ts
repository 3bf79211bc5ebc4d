import { getLimiter, secondsUntil } from "@/lib/ratelimit/limiter";
import { TwoFactorThrottledError } from "./errors";

/**
 * Counts one second-factor attempt for the user (policy `twoFactor`, five a minute, spec 5.4)
 * and throws once the window is used up. The attempt is counted before the code is checked:
 * counting only after a failure would let a burst of parallel guesses all pass the check
 * before the first failure lands. Keyed by user, not IP, so guesses spread over many
 * addresses still stop; the IP-wide login throttle sits in front of the challenge anyway.
 */
export async function countSecondFactorAttempt(userId: number): Promise<void> {
  const result = await getLimiter("twoFactor").limit(`totp:${userId}`);
  if (!result.success) throw new TwoFactorThrottledError(secondsUntil(result.reset));
}
