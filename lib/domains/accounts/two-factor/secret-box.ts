import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { totpSecretKey } from "./keys";

// Stored form: `v1.<iv>.<ciphertext>.<tag>` (base64url parts). The version names algorithm and
// key derivation, so a later key or cipher can sit beside old rows. The user id is bound in as
// associated data: a ciphertext copied onto another account does not decrypt there.

const VERSION = "v1";
const IV_BYTES = 12;
// Fixed tag length: a shortened tag would otherwise be accepted and weaken the check.
const TAG_BYTES = 16;
const aad = (userId: number) => Buffer.from(`user:${userId}`);

export function sealTotpSecret(secret: string, userId: number): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", totpSecretKey(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(userId));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The plain secret; throws on an unknown version, a wrong key or a tampered value. */
export function openTotpSecret(stored: string, userId: number): string {
  const [version, iv, ciphertext, tag, ...rest] = stored.split(".");
  if (version !== VERSION || !iv || !ciphertext || !tag || rest.length) throw new Error("unreadable TOTP secret (unknown format)");
  const decipher = createDecipheriv("aes-256-gcm", totpSecretKey(), Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
  decipher.setAAD(aad(userId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
