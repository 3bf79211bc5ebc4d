import { expireOpenLoginLinks } from "@/lib/domains/accounts/login-links";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { getBreachedPasswordCheck, type BreachedPasswordCheck } from "./breached-password-check";
import { hashPassword } from "./hash";
import { assertPasswordPolicy } from "./policy";

export interface ResetPasswordOptions {
  /** The account whose reset link the caller has already redeemed. */
  userId: number;
  newPassword: string;
  /** Defaults to the configured adapter. */
  breachCheck?: BreachedPasswordCheck;
  now?: Date;
}

export interface ResetPasswordResult {
  endedSessions: number;
  closedLinks: number;
}

/**
 * A password reset (spec 5.7): whoever held the old password or a session may be an intruder,
 * so every session ends (rows and sessions_revoked_at_ms, which also covers sessions without a
 * row), remember_token is cleared so no "remember me" cookie revives one, and every open login
 * link is closed. API tokens stay: integrations must keep running.
 */
export async function resetPassword(opts: ResetPasswordOptions): Promise<ResetPasswordResult> {
  const user = await db.user.findUnique({ where: { id: opts.userId }, select: { id: true, email: true, deletedAt: true } });
  if (!user || user.deletedAt) throw notFound("Account not found.");
  await assertPasswordPolicy(opts.newPassword, opts.breachCheck ?? getBreachedPasswordCheck());
  const passwordHash = await hashPassword(opts.newPassword);
  const now = opts.now ?? new Date();

  return db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, sessionsRevokedAtMs: BigInt(now.getTime()), rememberToken: null },
    });
    const ended = await tx.session.deleteMany({ where: { userId: user.id } });
    // Every purpose, and links sent to the address before the account existed (no user id).
    const closedLinks = await expireOpenLoginLinks(user.id, tx, now);
    await recordActivity(
      {
        actorUserId: user.id,
        type: ACTIVITY.userPasswordReset,
        subjectType: "user",
        subjectId: user.id,
        metadata: { endedSessions: ended.count, closedLinks },
      },
      tx,
    );
    return { endedSessions: ended.count, closedLinks };
  });
}
