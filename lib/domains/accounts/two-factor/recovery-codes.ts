import { createHmac, randomBytes } from "node:crypto";
import { recoveryCodeKey } from "./keys";

// Recovery codes look like `7k3mq-x9d2f`: ten characters of Crockford's base32 (no i, l, o, u),
// 50 bits each. Only an HMAC of the normalized code is stored; the plain codes are shown once.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const NORMALIZED = /^[0-9a-hjkmnp-tv-z]{10}$/;

function randomCode(): string {
  // 32 symbols: five random bits per character, no modulo bias.
  const chars = [...randomBytes(10)].map((b) => ALPHABET[b & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Fresh, distinct plain codes for display. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(randomCode());
  return [...codes];
}

/** The code as typed, reduced to its ten characters; null when it cannot be a recovery code. */
export function normalizeRecoveryCode(input: string): string | null {
  // Case, spaces and dashes do not matter; letters people confuse with digits count as those.
  const s = input
    .toLowerCase()
    .replace(/[\s-]+/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
  return NORMALIZED.test(s) ? s : null;
}

export function hashRecoveryCode(normalized: string): string {
  return createHmac("sha256", recoveryCodeKey()).update(normalized).digest("hex");
}
