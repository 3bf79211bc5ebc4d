import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { can, type Permission } from "@/lib/accounts/permissions";
import { getConfig } from "@/lib/config";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, signSessionToken, type SessionPayload } from "./session-token";
import { resolveSession, type ActiveSession } from "./session-user";

// The interim sign-in's request side (docs/authentication.md). Pages and server actions call
// these; the checks themselves live in session-token.ts and session-user.ts.

/** The signed-in user of this request, or null. Read once per request. */
export const readSession = cache(async (): Promise<ActiveSession | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return resolveSession(token, getConfig().auth.secret);
});

/** The signed-in user; anyone else is sent to the sign-in page. */
export async function requireUser(): Promise<ActiveSession> {
  const session = await readSession();
  if (!session) redirect("/login");
  return session;
}

/** A signed-in staff member holding `permission` (an active super-admin holds all); others get 403. */
export async function requireAdmin(permission: Permission): Promise<ActiveSession> {
  const session = await requireUser();
  if (!can(session.user, permission)) forbidden();
  return session;
}

async function writeCookie(payload: SessionPayload): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, signSessionToken(payload, getConfig().auth.secret), {
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().sites.protocol === "https",
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/** Signs the user in on this browser. Only server actions may call it (it sets a cookie). */
export async function startSession(userId: number): Promise<void> {
  await writeCookie({ uid: userId, iat: Date.now(), proofAt: 0 });
}

export async function endSession(): Promise<void> {
  (await cookies()).delete(SESSION_COOKIE);
}

/** Records a fresh identity proof (spec 5.3) on the current session and returns its time. */
export async function confirmIdentity(): Promise<Date> {
  const { session } = await requireUser();
  const proofAt = Date.now();
  await writeCookie({ ...session, proofAt });
  return new Date(proofAt);
}
