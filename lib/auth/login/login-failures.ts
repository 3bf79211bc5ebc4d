import { bestEffort } from "@/lib/activity/best-effort";
import { recordLoginHistory } from "@/lib/activity/login-history";
import { getCacheStore } from "@/lib/cache/store";
import { db } from "@/lib/db/client";
import { getLimiter, secondsUntil } from "@/lib/ratelimit/limiter";
import { clientKeyOfIp, ipHmac } from "@/lib/security/client-ip";

// Spec 5.6: 20 failed logins per IP within 15 minutes across all accounts, counted through the
// failure event, one counter for every entry point, not reset by a success. The limiter is fed
// only on failure; once it is spent, a block marker (until the window ends) is what the next
// attempt of any entry point checks.

/** Every way a person can try to sign in; each gets its own tally rows, all share one counter. */
export type LoginEntryPoint = "password" | "login_link" | "passkey";
export type LoginFailureReason = "unknown" | "no_password" | "wrong";

const blockKey = (key: string) => `login-blocked:${key}`;

export class LoginThrottledError extends Error {
  override name = "LoginThrottledError";
  constructor(readonly retryAfterSeconds: number) {
    super("Too many failed sign-in attempts from this address.");
  }
}

/** Seconds until the address may try again; null when it is not blocked. */
export async function loginRetryAfterSeconds(ip: string): Promise<number | null> {
  const until = await getCacheStore().get(blockKey(clientKeyOfIp(ip)));
  return until === null ? null : secondsUntil(Number(until));
}

/** Throws LoginThrottledError while the address is blocked. */
export async function assertLoginNotThrottled(ip: string): Promise<void> {
  const retryAfter = await loginRetryAfterSeconds(ip);
  if (retryAfter !== null) throw new LoginThrottledError(retryAfter);
}

/**
 * The failure event: counts toward the shared limit, adds to the day's tally of the entry point
 * and writes the login history (`login_failed` with its reason; `login_lockout` on the failure
 * that spends the budget). History and tally are best-effort; the counter is not.
 */
export async function recordLoginFailure(opts: { ip: string; entryPoint: LoginEntryPoint; reason: LoginFailureReason; userId?: number | null; now?: Date }): Promise<{ blocked: boolean }> {
  const now = opts.now ?? new Date();
  const key = clientKeyOfIp(opts.ip);
  const hmac = ipHmac(opts.ip);
  const result = await getLimiter("loginFailures").limit(key);
  const blocked = !result.success || result.remaining === 0;
  if (blocked) await getCacheStore().set(blockKey(key), String(result.reset), secondsUntil(result.reset, now.getTime()));
  const lockedOutNow = result.success && result.remaining === 0;
  await bestEffort("failed login tally", () =>
    db.$executeRaw`
      INSERT INTO failed_login_tallies (day, entry_point, ip_hmac, ip_hmac_key_version, count, updated_at)
      VALUES (${now.toISOString().slice(0, 10)}::date, ${opts.entryPoint}, ${hmac.value}, ${hmac.keyVersion}, 1, ${now})
      ON CONFLICT (day, entry_point, ip_hmac) DO UPDATE SET count = failed_login_tallies.count + 1, updated_at = EXCLUDED.updated_at`,
  );
  const entry = { userId: opts.userId ?? null, entryPoint: opts.entryPoint, ip: opts.ip, createdAt: now };
  await recordLoginHistory(
    { ...entry, event: "login_failed", reason: opts.reason, method: opts.entryPoint },
    ...(lockedOutNow ? [{ ...entry, event: "login_lockout" as const }] : []),
  );
  return { blocked };
}
