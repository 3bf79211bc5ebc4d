import { randomBytes } from "node:crypto";
import { assertCan, passesGlobalBefore } from "@/lib/domains/accounts/permissions";
import { resetSecondFactor } from "@/lib/domains/accounts/two-factor/reset-second-factor";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { AppError, forbidden, notFound } from "@/lib/core/errors/errors";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

// The decisions of /admin/users/[id] (spec 4.3, 5.5, 5.11). Impersonation (spec 6.1) starts
// there too; its rules and sessions live in lib/core/errors.

export interface UserAdminActionOptions {
  adminUserId: number;
  userId: number;
  now?: Date;
}

/**
 * "Alle Sitzungen beenden", e.g. after a lost laptop: every session of the account ends, by its
 * row and by sessions_revoked_at_ms (which also voids a cookie whose row is gone), and
 * remember_token is rotated so no "remember me" revives one, as "sign out other devices" does. Login
 * links and API tokens stay. Needs users:manage, authorized inside the transaction; a
 * super-admin's sessions only a super-admin may end, and one's own end on the security page.
 */
export async function endUserSessionsAsAdmin(opts: UserAdminActionOptions): Promise<{ ended: number }> {
  const now = opts.now ?? new Date();
  if (opts.userId === opts.adminUserId) throw new AppError("conflict", "Your own sessions end on your security page.");
  return db.$transaction(async (tx) => {
    // Race: users:manage revoked while the admin clicks; the admin's row is read FOR SHARE.
    await assertCan(opts.adminUserId, ADMIN_SCREENS.users.permission, tx);
    // Race: a sign-in under way. The account's row is locked, so a session created after this
    // commit is newer than the marker and stays valid, one created before is void.
    const rows = await tx.$queryRaw<
      { staff_role: string }[]
    >`SELECT staff_role::text AS staff_role FROM users WHERE id = ${opts.userId} FOR UPDATE`;
    const target = rows[0];
    if (!target) throw notFound("There is no such account.");
    if (target.staff_role === "super_admin") {
      const admin = await tx.user.findUniqueOrThrow({
        where: { id: opts.adminUserId },
        select: { isActive: true, deletedAt: true, staffRole: true, permissions: true },
      });
      if (!passesGlobalBefore(admin)) throw forbidden("Only a super-admin can end a super-admin's sessions.");
    }
    await tx.user.update({
      where: { id: opts.userId },
      data: { sessionsRevokedAtMs: BigInt(now.getTime()), rememberToken: randomBytes(30).toString("base64url") },
    });
    const ended = await tx.session.deleteMany({ where: { userId: opts.userId } });
    await recordActivity(
      {
        actorUserId: opts.adminUserId,
        type: ACTIVITY.userSessionsEnded,
        subjectType: "user",
        subjectId: opts.userId,
        metadata: { ended: ended.count },
      },
      tx,
    );
    return { ended: ended.count };
  });
}

/**
 * Spec 5.5: only an active super-admin may reset someone's second factor. The reset authorizes
 * the actor from the stored row inside its own transaction and writes `user.two_factor_reset`.
 */
export async function resetSecondFactorAsAdmin(opts: UserAdminActionOptions): Promise<{ wasEnabled: boolean }> {
  return resetSecondFactor(opts.adminUserId, opts.userId);
}
