import { hkdfSync } from "node:crypto";
import { getConfig } from "@/lib/config";

// Derived from APP_KEY with HKDF and a purpose label, as two-factor/keys.ts does for its keys:
// the label keeps this key apart from every other use of the same secret.

let cached: { material: string; key: Buffer } | undefined;

/** HMAC key for e-mailed proof codes: a read of the cache store alone cannot test guesses offline. */
export function emailCodeKey(): Buffer {
  const material = getConfig().security.appKey;
  if (cached?.material !== material) {
    cached = { material, key: Buffer.from(hkdfSync("sha256", material, Buffer.alloc(0), "pressdesk/identity-proof/email-code/v1", 32)) };
  }
  return cached.key;
}
