import { getCacheStore } from "@/lib/cache/store";
import { getLimiter } from "@/lib/ratelimit/limiter";

// Spec 5.6: 20 failed sign-ins per IP within 15 minutes, across all accounts; a success does
// not reset the count. Only failures are counted, so the limiter is fed on failure and a block
// marker (until the window ends) is what the next attempt checks.

const blockKey = (clientKey: string) => `login-blocked:${clientKey}`;

export async function isSignInBlocked(clientKey: string): Promise<boolean> {
  return (await getCacheStore().get(blockKey(clientKey))) !== null;
}

export async function recordSignInFailure(clientKey: string, now = Date.now()): Promise<void> {
  const result = await getLimiter("loginFailures").limit(clientKey);
  if (!result.success || result.remaining === 0) {
    await getCacheStore().set(blockKey(clientKey), "1", Math.max(1, Math.ceil((result.reset - now) / 1000)));
  }
}
