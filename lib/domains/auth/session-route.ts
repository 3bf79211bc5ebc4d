import { cookies } from "next/headers";
import { can, type Permission } from "@/lib/domains/accounts/permissions";
import { SESSION_COOKIE } from "@/lib/domains/auth/next-auth/cookies";
import { readSessionIncludingPending } from "@/lib/domains/auth/session";
import type { ActiveSession } from "@/lib/domains/auth/sessions/resolve-session";
import { needsStrongAdminConfirmation } from "@/lib/domains/auth/sessions/strong-confirmation";
import { AppError, SessionExpiredError } from "@/lib/core/errors/errors";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";

// Guards for the hub's own route handlers (image upload, preview, evidence). Unlike
// requireUser/requireAdmin they throw AppErrors, so apiRoute answers the documented JSON
// error instead of a redirect inside an API answer.

/**
 * A state-changing request must come from a page of ours. Server actions get this check from
 * Next; a route handler does it itself: the Origin (which a browser always sends on a
 * cross-origin or POST request) must be this host, else Sec-Fetch-Site must say same-origin.
 * The session cookie is SameSite=Lax as well; this also covers our other sites on the same domain.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  if (!origin) {
    if (request.headers.get("sec-fetch-site") === "same-origin") return;
    throw new AppError("forged_request", "The request did not come from this site.");
  }
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new AppError("forged_request", "The request did not come from this site.");
  }
  const own = [
    request.headers.get("x-forwarded-host")?.split(",")[0]?.trim(),
    request.headers.get("host"),
    new URL(siteOrigin("hub", getSiteHosts())).host,
  ];
  if (!own.includes(host)) throw new AppError("forged_request", "The request did not come from this site.");
}

/**
 * The signed-in person (second factor passed); else 401 while the sign-in still waits for its
 * second factor (nothing ended: it is not complete yet), 419 when the request carries a session
 * cookie whose session is gone (the page outlived it), 401 when it carries none.
 */
export async function sessionOrThrow(): Promise<ActiveSession> {
  const s = await readSessionIncludingPending();
  if (s && !s.session.twoFactorPending) return s;
  if (s) throw new AppError("unauthenticated", "The sign-in is not complete: answer the second-factor challenge first (/login/challenge).");
  if ((await cookies()).get(SESSION_COOKIE)?.value) throw new SessionExpiredError();
  throw new AppError("unauthenticated", "Sign in first.");
}

/** A confirmed staff session holding `permission`, or 401/403 (requireAdmin as an API answer). */
export async function staffSessionOrThrow(permission: Permission): Promise<ActiveSession> {
  const s = await sessionOrThrow();
  if (s.user.staffRole === "user" || !can(s.user, permission)) throw new AppError("forbidden", `This needs the permission ${permission}.`);
  if (needsStrongAdminConfirmation(s))
    throw new AppError("forbidden", "Confirm the admin session with a passkey or app code first (/admin/confirm).");
  return s;
}
