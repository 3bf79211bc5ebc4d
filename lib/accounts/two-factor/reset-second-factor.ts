import { recordActivity } from "@/lib/activity/record-activity";
import { ACTIVITY } from "@/lib/activity/types";
import { db } from "@/lib/db/client";
import { forbidden, notFound } from "@/lib/http/errors";
import { lockTwoFactorState } from "./user-lock";

/**
 * A super-admin removes another account's second factor (spec 5.5), e.g. after a lost phone:
 * secret, confirmation and recovery codes go, and the activity log names who did it. The
 * actor is authorized inside the transaction from the stored row, never from a claim.
 */
export async function resetSecondFactor(actorUserId: number, targetUserId: number): Promise<{ wasEnabled: boolean }> {
  return db.$transaction(async (tx) => {
    const actor = await tx.user.findUnique({ where: { id: actorUserId }, select: { staffRole: true, isActive: true, deletedAt: true } });
    if (!actor || actor.staffRole !== "super_admin" || !actor.isActive || actor.deletedAt) throw forbidden("Only an active super-admin can reset a second factor.");
    const state = await lockTwoFactorState(tx, targetUserId);
    if (!state) throw notFound("There is no such account.");
    await tx.user.update({ where: { id: targetUserId }, data: { totpSecretEncrypted: null, totpConfirmedAt: null } });
    const { count } = await tx.twoFactorRecoveryCode.deleteMany({ where: { userId: targetUserId } });
    const wasEnabled = state.totpConfirmedAt !== null;
    await recordActivity({ actorUserId, type: ACTIVITY.userTwoFactorReset, subjectType: "user", subjectId: targetUserId, metadata: { wasEnabled, recoveryCodesRemoved: count } }, tx);
    return { wasEnabled };
  });
}
