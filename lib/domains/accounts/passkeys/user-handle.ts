import { createHmac } from "node:crypto";
import { getConfig } from "@/lib/core/config";

/**
 * The WebAuthn user handle stored on the authenticator. WebAuthn asks for an opaque value, not
 * the e-mail or a guessable row id; the users table has no column for a random one, so it is
 * derived from the row id with the app key. Sign-in finds the account by credential id, never by
 * this handle, so a rotated APP_KEY does not lock anyone out.
 */
export function passkeyUserHandle(userId: number): Uint8Array<ArrayBuffer> {
  const mac = createHmac("sha256", getConfig().security.appKey).update(`passkey-user-handle:${userId}`).digest();
  return new Uint8Array(mac);
}
