import { decode, encode } from "next-auth/jwt";
import { getConfig } from "@/lib/core/config";
import { secureCookies } from "../next-auth/cookies";
import { STAFF_IDLE_MINUTES } from "../sessions/resolve-session";

/**
 * While staff act as a customer, `pd.session` carries the impersonation session and this cookie
 * keeps the staff member's own session cookie as it was, untouched, so ending the impersonation
 * returns to it (no second sign-in, no second factor again). Read only when the impersonation ends.
 */
export const STAFF_SESSION_COOKIE = "pd.staff-session";

/** How long an impersonation lasts at most; below the staff idle timeout, so the staff session outlives it. */
export const IMPERSONATION_MINUTES = 20;

/**
 * The kept staff cookie lives as long as the staff session it keeps can: the start refreshes that
 * session's last use, and nothing uses it while the impersonation runs, so it ends at the staff
 * idle timeout after the start. Until then "back to the admin area" works, after the time limit too.
 */
export const STAFF_COOKIE_MAX_AGE_SECONDS = STAFF_IDLE_MINUTES * 60;

export const sessionCookieOptions = (maxAgeSeconds: number) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secure: secureCookies(),
  maxAge: maxAgeSeconds,
});

/**
 * The next-auth cookie value for a session row's reference, as next-auth writes it. Who acts is
 * never in the cookie: the session row names the impersonator (lib/domains/auth/session.ts).
 */
export async function sessionCookieValue(sessionToken: string, maxAgeSeconds: number): Promise<string> {
  return encode({ token: { sid: sessionToken }, secret: getConfig().auth.secret, maxAge: maxAgeSeconds });
}

/** The session reference in a session cookie value, or null for anything that is not one of ours. */
export async function sessionCookieClaims(raw: string | null | undefined): Promise<{ sid: string | null } | null> {
  if (!raw) return null;
  const jwt = await decode({ token: raw, secret: getConfig().auth.secret }).catch(() => null);
  if (!jwt) return null;
  return { sid: typeof jwt.sid === "string" ? jwt.sid : null };
}
