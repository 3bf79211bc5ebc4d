import { createHmac, timingSafeEqual } from "node:crypto";

// The interim session cookie (docs/authentication.md): base64url(JSON) + "." + base64url(HMAC).
// Pure functions, so they are tested without a request.

export const SESSION_COOKIE = "pd_session";
/** A session lasts two weeks from sign-in; the cookie and the signed iat both enforce it. */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 3600;

export interface SessionPayload {
  /** The user id. */
  uid: number;
  /** Sign-in time, ms since epoch; compared with users.sessions_revoked_at_ms. */
  iat: number;
  /** Time of the last fresh identity proof (password), ms since epoch; 0 when none. */
  proofAt: number;
}

const mac = (data: string, secret: string) => createHmac("sha256", secret).update(data).digest();

export function signSessionToken(payload: SessionPayload, secret: string): string {
  if (!secret) throw new Error("A session cannot be signed without AUTH_SECRET.");
  const data = Buffer.from(JSON.stringify({ uid: payload.uid, iat: payload.iat, proofAt: payload.proofAt })).toString("base64url");
  return `${data}.${mac(data, secret).toString("base64url")}`;
}

const isTime = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

/** The payload of a genuine, unexpired token; null for anything forged, malformed or old. */
export function verifySessionToken(token: string | null | undefined, secret: string, now = Date.now()): SessionPayload | null {
  if (!token || !secret) return null;
  const dot = token.indexOf(".");
  if (dot <= 0 || dot !== token.lastIndexOf(".")) return null;
  const data = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = mac(data, secret);
  // Length first: timingSafeEqual throws on different lengths.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(data, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const p = parsed as Partial<SessionPayload> | null;
  if (!p || !Number.isSafeInteger(p.uid) || (p.uid as number) <= 0 || !isTime(p.iat) || !isTime(p.proofAt)) return null;
  // A token from the future or past its lifetime is refused, whatever the cookie's own expiry says.
  if (p.iat > now + 60_000 || now - p.iat > SESSION_MAX_AGE_SECONDS * 1000) return null;
  return { uid: p.uid as number, iat: p.iat, proofAt: p.proofAt };
}
