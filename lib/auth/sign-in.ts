import { hashPassword, verifyPassword } from "@/lib/accounts/password";
import { db } from "@/lib/db/client";
import { getLimiter } from "@/lib/ratelimit/limiter";
import { isSignInBlocked, recordSignInFailure } from "./login-throttle";

export type SignInResult = { ok: true; userId: number; isStaff: boolean } | { ok: false; reason: "invalid" | "throttled" };

// Unknown addresses still pay for one hash, so the answer time does not reveal who has an account.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword("not-a-real-password-for-timing"));

/**
 * E-mail + password sign-in. Unknown address, wrong password, no password (login-link
 * accounts) and inactive accounts give the same answer.
 */
export async function signInWithPassword(opts: { email: string; password: string; clientKey: string; now?: Date }): Promise<SignInResult> {
  if (await isSignInBlocked(opts.clientKey)) return { ok: false, reason: "throttled" };
  const email = opts.email.trim().toLowerCase();
  const user = email ? await db.user.findUnique({ where: { email }, select: { id: true, passwordHash: true, isActive: true, deletedAt: true, staffRole: true } }) : null;
  const matches = await verifyPassword(opts.password, user?.passwordHash ?? (await dummy()));
  if (!user || !user.passwordHash || !matches || !user.isActive || user.deletedAt) {
    await recordSignInFailure(opts.clientKey);
    return { ok: false, reason: "invalid" };
  }
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: opts.now ?? new Date() } });
  return { ok: true, userId: user.id, isStaff: user.staffRole !== "user" };
}

/**
 * A fresh identity proof by password (spec 5.3), e.g. before an API token is created. Every
 * attempt counts against the per-user limit (five a minute, spec 5.4), so a stolen session
 * cannot guess the password.
 */
export async function confirmOwnPassword(userId: number, password: string): Promise<"ok" | "wrong" | "throttled"> {
  if (!(await getLimiter("twoFactor").limit(`password-proof:${userId}`)).success) return "throttled";
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return user?.passwordHash && (await verifyPassword(password, user.passwordHash)) ? "ok" : "wrong";
}
