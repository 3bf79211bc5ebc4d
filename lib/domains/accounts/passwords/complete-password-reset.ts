import { verifyAccountAddress } from "@/lib/domains/accounts/address-verification/verify-account-address";
import { LoginLinkInvalidError, redeemLoginLink } from "@/lib/domains/accounts/login-links";
import { assertLoginNotThrottled, recordLoginFailure } from "@/lib/domains/accounts/passwords/login-failures";
import { db } from "@/lib/core/db/client";
import { getBreachedPasswordCheck, type BreachedPasswordCheck } from "./breached-password-check";
import { assertPasswordPolicy } from "./policy";
import { resetPassword, type ResetPasswordResult } from "./reset-password";

export interface CompletePasswordResetOptions {
  /** The token from the reset mail's link. */
  token: string;
  newPassword: string;
  /**
   * The requesting client's address. When given, the shared sign-in throttle (spec 5.6) applies:
   * a blocked address is refused first, and a refused link counts as a failed login-link attempt.
   */
  ip?: string | null;
  /** Defaults to the configured adapter. */
  breachCheck?: BreachedPasswordCheck;
  now?: Date;
}

/** The policy runs before the link is redeemed and resetPassword runs it again: ask the breach check once. */
function askedOnce(check: BreachedPasswordCheck): BreachedPasswordCheck {
  const answers = new Map<string, Promise<boolean>>();
  return {
    name: check.name,
    isBreached(password) {
      let answer = answers.get(password);
      if (!answer) answers.set(password, (answer = check.isBreached(password)));
      return answer;
    },
  };
}

async function refuse(
  reason: LoginLinkInvalidError["reason"],
  ip: string | null | undefined,
  userId: number | null,
  now: Date,
): Promise<never> {
  if (ip) await recordLoginFailure({ ip, entryPoint: "login_link", reason: reason === "unknown" ? "unknown" : "wrong", userId, now });
  throw new LoginLinkInvalidError(reason);
}

/**
 * Sets a new password with a reset link (spec 4.3, 5.7). In this order:
 * 1. the password policy, before anything else, so a password that is too short or breached
 *    leaves the link usable for the next try;
 * 2. the link is redeemed once (purpose password_reset only; redeemLoginLink's conditional
 *    update lets exactly one of two simultaneous completions through);
 * 3. resetPassword: every session and open login link ends, API tokens stay.
 *
 * An open account (address never confirmed) is confirmed by the redeemed link first, like any
 * first proof of the mailbox: whatever a squatter set on it before, API tokens included, goes
 * (verifyAccountAddress), and only then the new password is stored. Without that the new
 * password could not sign in at all.
 *
 * Throws LoginLinkInvalidError (gone) for an unknown, used, expired or foreign-purpose link and
 * for a link whose account is no longer active or no longer has the address the link went to;
 * AppError validation_failed with an issue on `password` (the policy's German text) for a
 * refused password; LoginThrottledError while the client's sign-in budget is spent. Each step
 * commits on its own (redeemLoginLink and resetPassword own their transactions).
 */
export async function completePasswordReset(opts: CompletePasswordResetOptions): Promise<ResetPasswordResult> {
  const now = opts.now ?? new Date();
  if (opts.ip) await assertLoginNotThrottled(opts.ip);
  const breachCheck = askedOnce(opts.breachCheck ?? getBreachedPasswordCheck());
  await assertPasswordPolicy(opts.newPassword, breachCheck);

  let link;
  try {
    link = await redeemLoginLink({ token: opts.token, purpose: "password_reset", now });
  } catch (err) {
    if (err instanceof LoginLinkInvalidError) return refuse(err.reason, opts.ip, null, now);
    throw err;
  }
  const user = link.userId
    ? await db.user.findUnique({
        where: { id: link.userId },
        select: { id: true, email: true, isActive: true, deletedAt: true, emailVerifiedAt: true },
      })
    : null;
  // The link went to the address the account had then; a changed address or a closed account voids it.
  if (!user || !user.isActive || user.deletedAt || user.email !== link.email) return refuse("unknown", opts.ip, user?.id ?? null, now);

  if (!user.emailVerifiedAt) await db.$transaction((tx) => verifyAccountAddress(tx, user.id, now));
  return resetPassword({ userId: user.id, newPassword: opts.newPassword, breachCheck, now });
}
