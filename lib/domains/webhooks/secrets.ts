import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getConfig } from "@/lib/core/config";
import { derivedKey } from "@/lib/core/security/derived-key";

// Signing secrets in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. We must
// sign with them, so they are stored sealed (AES-256-GCM under a key derived from APP_KEY), bound
// to their endpoint: a sealed value copied onto another endpoint does not open there.

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const key = () => derivedKey(getConfig().security.appKey, "webhook-signing-secret");
const aad = (endpointId: number) => Buffer.from(`webhook-endpoint:${endpointId}`);

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function sealSigningSecret(secret: string, endpointId: number): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(endpointId));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), sealed.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The plain secret; throws on an unknown format, a wrong key or a tampered value. */
export function openSigningSecret(stored: string, endpointId: number): string {
  const [version, iv, sealed, tag, ...rest] = stored.split(".");
  if (version !== VERSION || !iv || !sealed || !tag || rest.length) throw new Error("unreadable webhook secret (unknown format)");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
  decipher.setAAD(aad(endpointId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}
