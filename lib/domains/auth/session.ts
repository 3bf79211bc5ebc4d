import { adminHomeFor } from "@/lib/domains/accounts/admin-screens";
import { decode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import { can, type Permission } from "@/lib/domains/accounts/permissions";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { joinActingContext } from "@/lib/domains/activity/acting-context";
import { SESSION_COOKIE } from "./next-auth/cookies";
import { resolveSessionToken, type ActiveSession } from "./sessions/resolve-session";
import { needsStrongAdminConfirmation } from "./sessions/strong-confirmation";

// The request side of the session layer (docs/authentication.md). next-auth issued the cookie;
// it is decoded with next-auth's own JWT functions and the session row decides the rest.

export { ADMIN_CONFIRMATION_HOURS, isConfirmedStaff, needsStrongAdminConfirmation } from "./sessions/strong-confirmation";

/** The session behind this request's cookie (pending challenge included), or null. Read once per request. */
const sessionOfRequest = cache(async (): Promise<ActiveSession | null> => {
  const raw = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!raw) return null;
  const jwt = await decode({ token: raw, secret: getConfig().auth.secret }).catch(() => null);
  return resolveSessionToken(typeof jwt?.sid === "string" ? jwt.sid : null);
});

/**
 * The session behind this request's cookie (pending challenge included), or null. It also names,
 * for the activity log, who acts in the rest of the request (lib/domains/activity/acting-context.ts): the
 * staff member an impersonation's session row names, else nobody. Every reader below comes here.
 */
export function readSessionIncludingPending(): Promise<ActiveSession | null> {
  // Joined before the first await, so the caller's own code after it runs in the context too.
  const acting = joinActingContext();
  return sessionOfRequest().then((s) => {
    acting.impersonatorUserId = s?.session.impersonatorUserId ?? null;
    return s;
  });
}

/** The signed-in user of this request; a session still waiting for its second factor does not count. */
export async function readSession(): Promise<ActiveSession | null> {
  const s = await readSessionIncludingPending();
  return s && !s.session.twoFactorPending ? s : null;
}

/** The signed-in user; anyone else is sent to sign in, a pending session to the challenge. */
export async function requireUser(): Promise<ActiveSession> {
  const s = await readSessionIncludingPending();
  if (!s) redirect("/login");
  if (s.session.twoFactorPending) redirect("/login/challenge");
  return s;
}

/** Where a signed-in person starts: customers in the dashboard, staff on the first admin screen they may open. */
export const startPathOf = (s: ActiveSession): string =>
  s.user.staffRole === "user" ? "/dashboard" : (adminHomeFor(s.user) ?? "/dashboard");

/**
 * EnsureStrongAdminAuthentication: staff whose session is not confirmed by a passkey or app
 * code go to the confirmation page; customers get 403. Admin pages and actions start here.
 */
export async function requireConfirmedStaff(): Promise<ActiveSession> {
  const s = await requireUser();
  if (s.user.staffRole === "user") forbidden();
  if (needsStrongAdminConfirmation(s)) redirect("/admin/confirm");
  return s;
}

/** A confirmed staff session holding `permission` (an active super-admin holds all); others get 403. */
export async function requireAdmin(permission: Permission): Promise<ActiveSession> {
  const s = await requireConfirmedStaff();
  if (!can(s.user, permission)) forbidden();
  return s;
}

/** Records a fresh identity proof (spec 5.3) on the current session, with its kind. */
export async function markIdentityProved(sessionId: number, provedAt: Date, kind: ProofKind): Promise<void> {
  await db.session.update({ where: { id: sessionId }, data: { identityProvedAt: provedAt, identityProofKind: kind } });
}
