import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getConfig } from "@/lib/core/config";
import { derivedKey } from "@/lib/core/security/derived-key";

// Secrets we must use again later (a WebSub hub.secret, a webhook signing secret), so they are
// stored sealed: AES-256-GCM under a key derived from APP_KEY for `label`, bound to `context` as
// associated data, so a sealed value copied onto another row does not open there. Stored form:
// `v1.<iv>.<ciphertext>.<tag>` (base64url parts); the version names cipher and key derivation.

const VERSION = "v1";
const IV_BYTES = 12;
// Fixed tag length: a shortened tag would otherwise be accepted and weaken the check.
const TAG_BYTES = 16;
const keyFor = (label: string) => derivedKey(getConfig().security.appKey, `pressdesk/${label}/v1`);

export function sealSecret(label: string, secret: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(label), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The plain secret; throws on an unknown format, a wrong key, another context or a tampered value. */
export function openSecret(label: string, stored: string, context: string): string {
  const [version, iv, sealed, tag, ...rest] = stored.split(".");
  if (version !== VERSION || !iv || !sealed || !tag || rest.length) throw new Error(`unreadable ${label} secret (unknown format)`);
  const decipher = createDecipheriv("aes-256-gcm", keyFor(label), Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}
