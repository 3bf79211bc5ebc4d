import { cookies } from "next/headers";
import { SESSION_COOKIE } from "../next-auth/cookies";
import { startPathOf } from "../session";
import { resolveSessionToken } from "../sessions/resolve-session";
import { SESSION_MAX_AGE_SECONDS } from "../sessions/session-token";
import { endImpersonation } from "./end-impersonation";
import {
  IMPERSONATION_MINUTES,
  sessionCookieClaims,
  sessionCookieOptions,
  sessionCookieValue,
  STAFF_COOKIE_MAX_AGE_SECONDS,
  STAFF_SESSION_COOKIE,
} from "./impersonation-cookie";
import type { StartedImpersonation } from "./start-impersonation";

// The browser's side of an impersonation (spec 6.1): which cookie holds which session while staff
// act as a customer, and what comes back when it ends. The doors (the admin user page, the banner,
// the sign-in page, sign-out) only call these.

/** After a start: the staff member's own cookie is kept aside unchanged, the impersonation's takes its place. */
export async function enterImpersonationInBrowser(started: StartedImpersonation): Promise<void> {
  const jar = await cookies();
  const own = jar.get(SESSION_COOKIE)?.value;
  if (own) jar.set(STAFF_SESSION_COOKIE, own, sessionCookieOptions(STAFF_COOKIE_MAX_AGE_SECONDS));
  jar.set(
    SESSION_COOKIE,
    await sessionCookieValue(started.token, IMPERSONATION_MINUTES * 60),
    sessionCookieOptions(IMPERSONATION_MINUTES * 60),
  );
}

/** Whether this browser keeps a staff member's own session aside (an impersonation ran here). */
export async function keepsStaffSession(): Promise<boolean> {
  return (await cookies()).has(STAFF_SESSION_COOKIE);
}

/**
 * Ends the impersonation this browser holds (if still there) and puts the kept staff cookie back
 * if its session still lives; returns where the browser goes next: the customer's admin page, the
 * staff start page, or the sign-in. A browser signed in normally keeps its session: the kept
 * cookie only replaces an impersonation or no session at all.
 */
export async function leaveImpersonationInBrowser(): Promise<string> {
  const jar = await cookies();
  const current = await sessionCookieClaims(jar.get(SESSION_COOKIE)?.value);
  const ended = await endImpersonation({ token: current?.sid ?? null });
  const kept = jar.get(STAFF_SESSION_COOKIE)?.value;
  jar.delete(STAFF_SESSION_COOKIE);
  if (!ended && (await resolveSessionToken(current?.sid)) !== null) return "/login/continue";
  const staff = await resolveSessionToken((await sessionCookieClaims(kept))?.sid);
  if (kept && staff && staff.user.staffRole !== "user" && (!ended || ended.impersonatorUserId === staff.user.id)) {
    jar.set(SESSION_COOKIE, kept, sessionCookieOptions(SESSION_MAX_AGE_SECONDS));
    return ended ? `/admin/users/${ended.targetUserId}` : startPathOf(staff);
  }
  jar.delete(SESSION_COOKIE);
  return "/login";
}
