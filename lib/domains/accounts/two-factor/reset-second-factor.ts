import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { forbidden, notFound } from "@/lib/core/errors/errors";
import { sendSecurityNotice } from "@/lib/domains/mail/notifications/send-security-notice";
import { lockTwoFactorState } from "./user-lock";

/**
 * Removes an account's second factor (spec 5.5), e.g. after a lost phone: secret, confirmation,
 * recovery codes and passkeys go (a staff member whose one strong factor was a lost passkey could
 * not sign in otherwise), the activity log names who did it and the account address hears of it.
 * The account then enrols a first factor again (identity-proof rules). Done by a super-admin
 * (authorized inside the transaction from the stored row, never from a claim) or by the operator
 * on the server's console (`"console"`: the entry's actor is System, path console), for when no
 * super-admin can sign in any more.
 */
export async function resetSecondFactor(actor: number | "console", targetUserId: number): Promise<{ wasEnabled: boolean }> {
  return db.$transaction(async (tx) => {
    if (actor !== "console") {
      const row = await tx.user.findUnique({ where: { id: actor }, select: { staffRole: true, isActive: true, deletedAt: true } });
      if (!row || row.staffRole !== "super_admin" || !row.isActive || row.deletedAt)
        throw forbidden("Only an active super-admin can reset a second factor.");
    }
    const state = await lockTwoFactorState(tx, targetUserId);
    if (!state) throw notFound("There is no such account.");
    await tx.user.update({
      where: { id: targetUserId },
      data: { totpSecretEncrypted: null, totpConfirmedAt: null, totpSetupStartedAt: null },
    });
    const { count } = await tx.twoFactorRecoveryCode.deleteMany({ where: { userId: targetUserId } });
    const passkeys = await tx.passkey.deleteMany({ where: { userId: targetUserId } });
    const wasEnabled = state.totpConfirmedAt !== null;
    const by = actor === "console" ? { actorUserId: null, path: "console" } : { actorUserId: actor };
    await recordActivity(
      {
        ...by,
        type: ACTIVITY.userTwoFactorReset,
        subjectType: "user",
        subjectId: targetUserId,
        metadata: { wasEnabled, recoveryCodesRemoved: count, passkeysRemoved: passkeys.count },
      },
      tx,
    );
    if (wasEnabled || count || passkeys.count) await sendSecurityNotice(tx, { userId: targetUserId, change: "second_factor_reset" });
    return { wasEnabled };
  });
}
