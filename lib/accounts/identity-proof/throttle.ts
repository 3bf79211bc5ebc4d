import { AppError } from "@/lib/http/errors";
import { SECOND_FACTOR_FAILURE_TIERS } from "@/lib/accounts/two-factor/throttle";
import { countFailure, failureWaitSeconds } from "@/lib/ratelimit/failure-tiers";
import { getLimiter, secondsUntil } from "@/lib/ratelimit/limiter";
import { IdentityProofRefusedError } from "./errors";

/** Wrong proofs beyond five a minute: the second factor's hour and day budgets, on this key. */
const keyOf = (userId: number) => `identity-proof:${userId}`;

/**
 * Counts one identity-proof attempt for the user and throws `throttled` while a budget is spent:
 * five attempts a minute (policy `twoFactor`, spec 5.4), every attempt, right or wrong, and
 * before the check, or parallel guesses would all be checked before the first failure lands;
 * and the hour's and day's wrong proofs (countIdentityProofFailure). Its own key, apart from the
 * login challenge's: a stolen session gets no more guesses at the password or a code than that.
 */
export async function countIdentityProofAttempt(userId: number): Promise<void> {
  const wait = await failureWaitSeconds(keyOf(userId));
  if (wait !== null) throw new IdentityProofRefusedError("throttled", { retryAfterSeconds: wait });
  const result = await getLimiter("twoFactor").limit(keyOf(userId));
  if (!result.success) throw new IdentityProofRefusedError("throttled", { retryAfterSeconds: secondsUntil(result.reset) });
}

/** A wrong proof: counts toward the hour's and the day's budget. */
export async function countIdentityProofFailure(userId: number): Promise<void> {
  await countFailure(SECOND_FACTOR_FAILURE_TIERS, keyOf(userId));
}

/**
 * Counts one mailed confirmation code (policy `accountMail`: five per 15 minutes and account).
 * Each code is a mail: a session left open must not be able to flood the account's mailbox.
 */
export async function countEmailProofCodeMail(userId: number): Promise<void> {
  const result = await getLimiter("accountMail").limit(`identity-proof-code:${userId}`);
  if (result.success) return;
  const retryAfterSeconds = secondsUntil(result.reset);
  throw new AppError("rate_limited", "Several codes were sent just now. Wait a few minutes.", { retryAfterSeconds }, undefined, { "Retry-After": String(retryAfterSeconds) });
}
