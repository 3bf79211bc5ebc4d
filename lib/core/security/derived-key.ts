import { hkdfSync } from "node:crypto";

// Keys derived from a configured secret with HKDF-SHA256 and a purpose label: the label keeps
// each use apart from every other use of the same secret. Memoized per label and secret, so a
// changed secret (tests, a key rotation) derives afresh.

const derived = new Map<string, Buffer>();

/** A 32-byte key for `label` from `secret`. */
export function derivedKey(secret: string, label: string): Buffer {
  const cacheKey = `${label}\0${secret}`;
  let key = derived.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), label, 32));
    derived.set(cacheKey, key);
  }
  return key;
}
