import { AppError } from "@/lib/http/errors";
import { getLimiter, secondsUntil } from "@/lib/ratelimit/limiter";
import { IdentityProofRefusedError } from "./errors";

/**
 * Counts one identity-proof attempt for the user (policy `twoFactor`: five a minute, spec 5.4)
 * and throws `throttled` once the window is used up. Every attempt counts, right or wrong, and
 * before the check: otherwise parallel guesses would all be checked before the first failure
 * lands. Its own key, apart from the login challenge's: these attempts come from a signed-in
 * session, so a stolen session gets five guesses a minute at the password or a code, no more.
 */
export async function countIdentityProofAttempt(userId: number): Promise<void> {
  const result = await getLimiter("twoFactor").limit(`identity-proof:${userId}`);
  if (!result.success) throw new IdentityProofRefusedError("throttled", { retryAfterSeconds: secondsUntil(result.reset) });
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
