import { can, type Permission } from "@/lib/accounts/permissions";
import { needsStrongAdminConfirmation, readSession } from "@/lib/auth/session";
import type { ActiveSession } from "@/lib/auth/sessions/resolve-session";
import { AppError, SessionExpiredError } from "@/lib/http/errors";
import { getSiteHosts, siteOrigin } from "@/lib/sites";

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
  const own = [request.headers.get("x-forwarded-host")?.split(",")[0]?.trim(), request.headers.get("host"), new URL(siteOrigin("hub", getSiteHosts())).host];
  if (!own.includes(host)) throw new AppError("forged_request", "The request did not come from this site.");
}

/** The signed-in person (second factor passed), or 401. */
export async function sessionOrThrow(): Promise<ActiveSession> {
  const s = await readSession();
  if (!s) throw new SessionExpiredError();
  return s;
}

/** A confirmed staff session holding `permission`, or 401/403 (requireAdmin as an API answer). */
export async function staffSessionOrThrow(permission: Permission): Promise<ActiveSession> {
  const s = await sessionOrThrow();
  if (s.user.staffRole === "user" || !can(s.user, permission)) throw new AppError("forbidden", `This needs the permission ${permission}.`);
  if (needsStrongAdminConfirmation(s)) throw new AppError("forbidden", "Confirm the admin session with a passkey or app code first (/admin/confirm).");
  return s;
}
