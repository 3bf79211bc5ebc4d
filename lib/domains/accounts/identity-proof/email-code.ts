import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { getCacheStore } from "@/lib/core/cache/store";
import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { identityCodeMail } from "@/lib/domains/mail/templates/identity-code";
import { emailCodeKey } from "./keys";
import { countEmailProofCodeMail } from "./throttle";

// One code per account at a time, in the cache store (Redis in production) under the user's
// key: a new code overwrites the old one. Only an HMAC is stored, bound to the user and to a
// random id of this issue, so a value copied to another account's key never matches.

export const EMAIL_CODE_TTL_SECONDS = 10 * 60;
const CODE_PATTERN = /^\d{6}$/;

export const emailCodeCacheKey = (userId: number) => `identity-proof:email-code:${userId}`;

interface StoredCode {
  /** Random id of this issue. */
  id: string;
  /** HMAC of user id, issue id and code. */
  mac: string;
  /** Ms since epoch; checked here, Redis's TTL only tidies up. */
  expiresAt: number;
}

const macOf = (userId: number, id: string, code: string) => createHmac("sha256", emailCodeKey()).update(`${userId}.${id}.${code}`).digest();

/**
 * Mails a 6-digit code to the account's current address (spec 5.3: mails go to the address
 * in use, not to a pending new one). Valid ten minutes, once; replaces any earlier code. Not in
 * an impersonation session (`acting`): staff acting as the customer prove nothing in their name.
 */
export async function sendEmailProofCode(userId: number, opts: { now?: Date; acting?: Acting } = {}): Promise<{ expiresAt: Date }> {
  assertNotImpersonating(opts.acting, "security");
  const now = opts.now ?? new Date();
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, locale: true, isActive: true, deletedAt: true } });
  if (!user || !user.isActive || user.deletedAt) throw notFound("There is no such account.");
  await countEmailProofCodeMail(userId);

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = randomBytes(16).toString("base64url");
  const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_SECONDS * 1000);
  const stored: StoredCode = { id, mac: macOf(userId, id, code).toString("hex"), expiresAt: expiresAt.getTime() };
  // Stored before the mail is queued: a mail never carries a code that was not stored.
  await getCacheStore().set(emailCodeCacheKey(userId), JSON.stringify(stored), EMAIL_CODE_TTL_SECONDS);
  await sendMail({
    to: user.email,
    ...(await identityCodeMail({
      code,
      ttlMinutes: EMAIL_CODE_TTL_SECONDS / 60,
      language: recipientLanguage({ userLocale: user.locale }),
    })),
    mailType: "identity_code",
  });
  return { expiresAt };
}

/** True once for the current, unexpired code of this user; the code is spent on success. */
export async function redeemEmailProofCode(userId: number, input: string, now: Date): Promise<boolean> {
  const code = input.replace(/\s+/g, "");
  if (!CODE_PATTERN.test(code)) return false;
  const store = getCacheStore();
  const key = emailCodeCacheKey(userId);
  const raw = await store.get(key);
  const stored = raw ? parse(raw) : null;
  if (!raw || !stored || stored.expiresAt <= now.getTime()) return false;
  const expected = Buffer.from(stored.mac, "hex");
  const actual = macOf(userId, stored.id, code);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    await countMiss(key, raw, stored.id);
    return false;
  }
  // One use: compare-and-delete of exactly this stored value is atomic (Redis script), so of
  // two simultaneous redemptions only one deletes it; a newer code (other value) is untouched.
  return store.releaseLock(key, raw);
}

/** Wrong codes one issued code survives; the next wrong one voids it, and a new code must be mailed. */
export const EMAIL_CODE_MAX_MISSES = 5;

async function countMiss(key: string, raw: string, id: string): Promise<void> {
  const store = getCacheStore();
  const missKey = `${key}:misses:${id}`;
  const misses = Number(await store.get(missKey)) + 1;
  await store.set(missKey, String(misses), EMAIL_CODE_TTL_SECONDS);
  // Compare-and-delete: a newer code, mailed meanwhile, stays.
  if (misses >= EMAIL_CODE_MAX_MISSES) await store.releaseLock(key, raw);
}

function parse(raw: string): StoredCode | null {
  try {
    const v = JSON.parse(raw) as Partial<StoredCode>;
    return typeof v.id === "string" && typeof v.mac === "string" && typeof v.expiresAt === "number"
      ? { id: v.id, mac: v.mac, expiresAt: v.expiresAt }
      : null;
  } catch {
    return null;
  }
}
