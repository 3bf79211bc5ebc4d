import { bestEffort } from "@/lib/domains/activity/best-effort";
import { recordLoginHistory } from "@/lib/domains/activity/login-history";
import { getCacheStore } from "@/lib/core/cache/store";
import { db } from "@/lib/core/db/client";
import { failureBudget } from "@/lib/core/ratelimit/failure-budget";
import { getLimiter, secondsUntil } from "@/lib/core/ratelimit/limiter";
import { clientKeyOfIp, ipHmac } from "@/lib/core/security/client-ip";
import { keyedHash } from "@/lib/core/security/keyed-hash";

// Spec 5.6: 20 failed logins per IP within 15 minutes across all accounts, counted through the
// failure event, one counter for every entry point, not reset by a success: a failure budget
// (lib/core/ratelimit/failure-budget.ts) whose marker the next attempt of any entry point checks.
//
// Beside it, a per-account slowdown (ASVS 6.3): one account sprayed with passwords from many
// addresses. The first ACCOUNT_FREE_FAILURES failures in the window cost nothing; each further
// one makes the account wait twice as long before the next password attempt (up to
// ACCOUNT_MAX_WAIT_SECONDS). A slowdown, never a lock: the owner gets in after the wait, and at
// once with a login link or a passkey, which are not slowed. Unknown addresses are counted the
// same way, so the answer does not tell whether an account exists.

/** Every way a person can try to sign in; each gets its own tally rows, all share one counter. */
export type LoginEntryPoint = "password" | "login_link" | "passkey";
export type LoginFailureReason = "unknown" | "no_password" | "wrong";

const addressFailures = failureBudget(["loginFailures"]);
const accountWaitKey = (key: string) => `login-account-wait:${key}`;

export const ACCOUNT_FREE_FAILURES = 5;
export const ACCOUNT_MAX_WAIT_SECONDS = 300;

export class LoginThrottledError extends Error {
  override name = "LoginThrottledError";
  constructor(
    readonly retryAfterSeconds: number,
    /** `address`: this client's budget is spent (spec 5.6); `account`: this account is slowed down. */
    readonly scope: "address" | "account" = "address",
  ) {
    super(
      scope === "address" ? "Too many failed sign-in attempts from this address." : "Too many failed sign-in attempts for this account.",
    );
  }
}

/** The account a password attempt names, as a keyed hash: the store never holds the address. */
export function accountKeyOf(email: string): string {
  return keyedHash("login-account-slowdown", email.trim().toLowerCase());
}

/** Seconds until the account takes the next password attempt; null when it is not slowed. */
export async function accountRetryAfterSeconds(email: string, now = Date.now()): Promise<number | null> {
  const until = Number(await getCacheStore().get(accountWaitKey(accountKeyOf(email))));
  return until > now ? secondsUntil(until, now) : null;
}

const checkingKey = (key: string) => `login-account-checking:${key}`;
/** Longer than any password check takes; a crashed check frees the account after this. */
const CHECK_LOCK_MS = 10_000;

/**
 * How long an attempt waits for a running check of the same account, so two tabs signing in at
 * once both get in. Not longer than the slowdown's first wait (a second): an attempt of a burst
 * that queued still meets the marker the burst's failures wrote.
 */
const CHECK_WAIT_MS = 1_000;
const CHECK_POLL_MS = 50;

/**
 * Runs one password check of an account at a time. The slowdown's marker is written after a
 * failed check, so checks started together would all pass the marker's test before the first
 * failure wrote it: a burst from many addresses must queue behind one check. An attempt waits
 * up to CHECK_WAIT_MS for its turn, then is refused like a slowed one (429, a second's wait).
 */
export async function oneCheckAtATime<T>(email: string, check: () => Promise<T>): Promise<T> {
  const store = getCacheStore();
  const key = checkingKey(accountKeyOf(email));
  const until = Date.now() + CHECK_WAIT_MS;
  let token = await store.acquireLock(key, CHECK_LOCK_MS);
  while (!token && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, CHECK_POLL_MS));
    token = await store.acquireLock(key, CHECK_LOCK_MS);
  }
  if (!token) throw new LoginThrottledError(1, "account");
  try {
    return await check();
  } finally {
    await store.releaseLock(key, token);
  }
}

/** Throws LoginThrottledError (scope `account`) while the account waits. */
export async function assertAccountNotSlowed(email: string, now = Date.now()): Promise<void> {
  const retryAfter = await accountRetryAfterSeconds(email, now);
  if (retryAfter !== null) throw new LoginThrottledError(retryAfter, "account");
}

async function recordAccountFailure(email: string, now: number): Promise<void> {
  const key = accountKeyOf(email);
  const result = await getLimiter("loginAccountFailures").limit(key);
  const failures = result.limit - result.remaining + (result.success ? 0 : 1);
  if (failures <= ACCOUNT_FREE_FAILURES) return;
  const wait = Math.min(2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_WAIT_SECONDS);
  await getCacheStore().set(accountWaitKey(key), String(now + wait * 1000), wait);
}

/** Seconds until the address may try again; null when it is not blocked. */
export function loginRetryAfterSeconds(ip: string): Promise<number | null> {
  return addressFailures.waitSeconds(clientKeyOfIp(ip));
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
export async function recordLoginFailure(opts: {
  ip: string;
  entryPoint: LoginEntryPoint;
  reason: LoginFailureReason;
  userId?: number | null;
  account?: string;
  now?: Date;
}): Promise<{ blocked: boolean }> {
  const now = opts.now ?? new Date();
  if (opts.account) await recordAccountFailure(opts.account, now.getTime());
  const hmac = ipHmac(opts.ip);
  const { blocked, spentNow: lockedOutNow } = await addressFailures.countFailure(clientKeyOfIp(opts.ip), now.getTime());
  await bestEffort(
    "failed login tally",
    () =>
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
