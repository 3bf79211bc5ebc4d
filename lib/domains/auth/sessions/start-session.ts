import { db, type DbOrTx } from "@/lib/core/db/client";
import { ipHmac } from "@/lib/core/security/client-ip";
import { endImpersonationSession, findSessionToEnd } from "../impersonation/end-impersonation";
import { endImpersonationsWhere } from "../impersonation/impersonation-ended";
import { newSessionToken, SESSION_MAX_AGE_SECONDS, sessionTokenHash } from "./session-token";

export type LoginMethod = "password" | "login_link" | "third_party" | "passkey" | "impersonation";

export interface ClientContext {
  /** Kept only as an HMAC. */
  ip: string;
  userAgent?: string | null;
}

/** A short, non-identifying description of the browser for the session list ("Chrome on Linux"). */
export function deviceLabel(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Android/.test(ua)
      ? "Android"
      : /iPhone|iPad/.test(ua)
        ? "iOS"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "unknown system";
  return `${browser} on ${os}`;
}

/**
 * Opens a session row and returns the raw reference for the cookie. A session whose second
 * factor is still open (`twoFactorPending`) reaches nothing but the challenge.
 */
export async function openSession(
  opts: {
    userId: number;
    method: LoginMethod;
    twoFactorPending: boolean;
    strongAuth: boolean;
    client: ClientContext;
    /** Staff acting as the customer: who, and the staff member's own session (the impersonation ends with it). */
    impersonatorUserId?: number;
    impersonatorSessionId?: number;
    /** Defaults to SESSION_MAX_AGE_SECONDS; an impersonation lasts minutes. */
    maxAgeSeconds?: number;
    now?: Date;
  },
  tx: DbOrTx = db,
): Promise<{ token: string; sessionId: number }> {
  const now = opts.now ?? new Date();
  const token = newSessionToken();
  const row = await tx.session.create({
    data: {
      sessionTokenHash: sessionTokenHash(token),
      userId: opts.userId,
      loginMethod: opts.method,
      twoFactorPending: opts.twoFactorPending,
      strongAuthAt: opts.strongAuth ? now : null,
      impersonatorUserId: opts.impersonatorUserId ?? null,
      impersonatorSessionId: opts.impersonatorSessionId ?? null,
      userAgentShort: deviceLabel(opts.client.userAgent),
      ipHmac: ipHmac(opts.client.ip).value,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + (opts.maxAgeSeconds ?? SESSION_MAX_AGE_SECONDS) * 1000),
    },
    select: { id: true },
  });
  return { token, sessionId: row.id };
}

/**
 * Sign-out of this browser: the row goes, so the cookie is worthless even if kept. An
 * impersonation ends with its entry; a staff session first ends the impersonation opened from
 * it, with an entry (the cascade would leave none).
 */
export async function closeSession(token: string): Promise<void> {
  const row = await findSessionToEnd(token);
  if (!row) return;
  // An impersonation's own row: ended with its entry, like the banner's button.
  if (row.impersonatorUserId !== null) await endImpersonationSession(row);
  else await closeSessionById(row.id);
}

export async function closeSessionById(sessionId: number): Promise<void> {
  await endImpersonationsWhere({ impersonatorSessionId: sessionId }, "staff_session_ended");
  await db.session.deleteMany({ where: { id: sessionId } });
}
