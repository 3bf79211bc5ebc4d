import { isProofFresh } from "@/lib/domains/accounts/identity-proof/freshness";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { getBreachedPasswordCheck, type BreachedPasswordCheck } from "./breached-password-check";
import { hashPassword, verifyPassword } from "./hash";
import { assertPasswordPolicy, passwordFieldError } from "./policy";

export interface ChangePasswordOptions {
  userId: number;
  /** The `sessions` row of the request making the change; it survives. None: every row ends. */
  currentSessionId?: number | null;
  /** Required when the account has a password. */
  currentPassword?: string | null;
  /** A legacy login-link account sets its first password only after a fresh identity proof (purpose set_first_password). */
  firstPasswordProvedAt?: Date | null;
  newPassword: string;
  /** Defaults to the configured adapter. */
  breachCheck?: BreachedPasswordCheck;
  /** Who acts in the session: staff acting as the customer (support access) never change the password. */
  acting?: Acting;
}

export interface ChangePasswordResult {
  /** Session rows of other devices that were ended. */
  endedSessions: number;
}

async function confirmCurrentPassword(userId: number, storedHash: string, given: string | null | undefined): Promise<void> {
  if (!given)
    throw passwordFieldError("currentPassword", "The current password is missing.", "Bitte geben Sie Ihr aktuelles Passwort ein.");
  // Same per-user budget as the identity proof: a stolen session must
  // not guess the password here instead. Every attempt counts, so a right guess is throttled too.
  if (!(await getLimiter("twoFactor").limit(`password-proof:${userId}`)).success)
    throw new AppError("rate_limited", "Too many password attempts.");
  if (!(await verifyPassword(given, storedHash))) {
    throw passwordFieldError("currentPassword", "The current password is wrong.", "Das aktuelle Passwort stimmt nicht.");
  }
}

/**
 * The PasswordChanger (spec 5.7, issue "Change password ends all other sessions"): checks the
 * current password, applies the policy, stores an argon2id hash and ends every other session.
 *
 * Other sessions end by deleting their `sessions` rows; users.sessions_revoked_at_ms is left
 * alone, because it cuts by issue time and would end the current session too (it is older
 * than the change). The timestamp stays the tool for "end all", as in resetPassword.
 */
export async function changePassword(opts: ChangePasswordOptions): Promise<ChangePasswordResult> {
  assertNotImpersonating(opts.acting, "security");
  const user = await db.user.findUnique({
    where: { id: opts.userId },
    select: { id: true, passwordHash: true, isActive: true, deletedAt: true },
  });
  if (!user || !user.isActive || user.deletedAt) throw notFound("Account not found.");
  if (user.passwordHash) await confirmCurrentPassword(user.id, user.passwordHash, opts.currentPassword);
  else if (!isProofFresh(opts.firstPasswordProvedAt))
    throw new AppError("identity_proof_required", "Confirm your identity before setting a first password.");
  await assertPasswordPolicy(opts.newPassword, opts.breachCheck ?? getBreachedPasswordCheck());
  // Hashing is slow; it runs before the transaction so no row stays locked meanwhile.
  const passwordHash = await hashPassword(opts.newPassword);

  return db.$transaction(async (tx) => {
    // Race: a change or reset that committed since we verified. Replace only the hash we checked
    // the current password against; otherwise the later request loses.
    const { count } = await tx.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash } });
    if (count !== 1) throw new AppError("conflict", "The password was changed meanwhile.");
    const ended = await tx.session.deleteMany({
      where: { userId: user.id, ...(opts.currentSessionId ? { id: { not: opts.currentSessionId } } : {}) },
    });
    await recordActivity(
      {
        actorUserId: user.id,
        type: ACTIVITY.userPasswordChanged,
        subjectType: "user",
        subjectId: user.id,
        metadata: { endedSessions: ended.count, firstPassword: !user.passwordHash },
      },
      tx,
    );
    return { endedSessions: ended.count };
  });
}
