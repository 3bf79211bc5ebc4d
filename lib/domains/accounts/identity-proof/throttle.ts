import { AppError } from "@/lib/core/errors/errors";
import { guessRetryAfterSeconds, WRONG_GUESSES } from "@/lib/domains/accounts/two-factor/throttle";
import { getLimiter, secondsUntil } from "@/lib/core/ratelimit/limiter";
import { IdentityProofRefusedError } from "./errors";

/** Its own key, apart from the login challenge's. */
const keyOf = (userId: number) => `identity-proof:${userId}`;

/**
 * Counts one identity-proof attempt for the user and throws `throttled` while a budget is spent:
 * the second factor's budgets (five attempts a minute, every attempt, right or wrong, counted
 * before the check; the hour's and day's wrong proofs). These attempts come from a signed-in
 * session: a stolen session gets no more guesses at the password or a code than that.
 */
export async function countIdentityProofAttempt(userId: number): Promise<void> {
  const retryAfterSeconds = await guessRetryAfterSeconds(keyOf(userId));
  if (retryAfterSeconds !== null) throw new IdentityProofRefusedError("throttled", { retryAfterSeconds });
}

/** A wrong proof: counts toward the hour's and the day's budget. */
export async function countIdentityProofFailure(userId: number): Promise<void> {
  await WRONG_GUESSES.countFailure(keyOf(userId));
}

/**
 * Counts one mailed confirmation code (policy `accountMail`: five per 15 minutes and account).
 * Each code is a mail: a session left open must not be able to flood the account's mailbox.
 */
export async function countEmailProofCodeMail(userId: number): Promise<void> {
  const result = await getLimiter("accountMail").limit(`identity-proof-code:${userId}`);
  if (result.success) return;
  const retryAfterSeconds = secondsUntil(result.reset);
  throw new AppError("rate_limited", "Several codes were sent just now. Wait a few minutes.", { retryAfterSeconds }, undefined, {
    "Retry-After": String(retryAfterSeconds),
  });
}
