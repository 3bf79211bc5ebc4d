import { createHash, randomBytes } from "node:crypto";

/** A session lasts two weeks from sign-in (row expiry and the next-auth cookie both). */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 3600;

/** The random session reference the next-auth cookie carries; the database keeps only its hash. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sessionTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
