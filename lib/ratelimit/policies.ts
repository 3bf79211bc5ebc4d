import { getConfig } from "@/lib/config";

export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
  /** Redis key prefix; one per policy so counters never mix. */
  prefix: string;
}

export type PolicyName = "api" | "share" | "loginFailures" | "twoFactor" | "csp" | "accountMail";

/** Every rate limit in one table. Why each is keyed as it is: */
export function ratePolicies(limits = getConfig().limits): Record<PolicyName, RateLimitPolicy> {
  return {
    // Per API token: one customer's batch import must not slow down another's.
    api: { limit: limits.apiPerMinute, windowSeconds: 60, prefix: "rl:api" },
    // Per client (hashed IP) and portal: shares are anonymous, spec 8 allows 30 per minute.
    share: { limit: limits.sharePerMinute, windowSeconds: 60, prefix: "rl:share" },
    // Per hashed IP across all accounts and entry points; counted only on failure (spec 5.6).
    loginFailures: { limit: limits.loginFailuresPerIp, windowSeconds: limits.loginFailureWindowMinutes * 60, prefix: "rl:login-fail" },
    // Per user: guessing a 6-digit code from many IPs must still stop (spec 5.4).
    twoFactor: { limit: limits.twoFactorFailuresPerMinute, windowSeconds: 60, prefix: "rl:2fa" },
    // Per hashed IP: login links and registrations send mail to addresses a stranger types in.
    accountMail: { limit: 5, windowSeconds: 15 * 60, prefix: "rl:account-mail" },
    // Per distinct report: the same violation is logged at most once an hour.
    csp: { limit: 1, windowSeconds: 3600, prefix: "rl:csp" },
  };
}
