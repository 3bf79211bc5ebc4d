import { hkdfSync } from "node:crypto";
import { getConfig } from "@/lib/config";

// Both keys come from one configured secret (TOTP_ENCRYPTION_KEY, default APP_KEY). HKDF with
// a purpose label keeps them apart from each other and from every other use of that secret.

const derived = new Map<string, Buffer>();

function derive(purpose: string): Buffer {
  const material = getConfig().security.totpEncryptionKey;
  const cacheKey = `${purpose}\0${material}`;
  let key = derived.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", material, Buffer.alloc(0), `pressdesk/two-factor/${purpose}`, 32));
    derived.set(cacheKey, key);
  }
  return key;
}

/** AES-256-GCM key for TOTP secrets at rest (format v1). */
export const totpSecretKey = () => derive("totp-secret/v1");

/** HMAC key for recovery-code hashes: a leaked table alone cannot be brute-forced offline. */
export const recoveryCodeKey = () => derive("recovery-code/v1");
