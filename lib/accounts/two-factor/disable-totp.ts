import { db } from "@/lib/db/client";
import { sendSecurityNotice } from "@/lib/mail/notifications/send-security-notice";
import { twoFactorNotEnabled } from "./errors";
import type { SecondFactorContext } from "./check-second-factor";
import { requireSecondFactorProof } from "./require-second-factor-proof";
import { lockTwoFactorState } from "./user-lock";

/**
 * Turns TOTP off: removes secret, confirmation and recovery codes. Needs a current app code or
 * a recovery code (consumed) as proof, checked and throttled like the login challenge. The
 * account address hears of it.
 */
export async function disableTotp(userId: number, proof: string, ctx: SecondFactorContext = {}): Promise<void> {
  await requireSecondFactorProof(userId, proof, "disable", ctx);
  await db.$transaction(async (tx) => {
    const state = await lockTwoFactorState(tx, userId);
    if (!state?.totpConfirmedAt) throw twoFactorNotEnabled();
    await tx.user.update({ where: { id: userId }, data: { totpSecretEncrypted: null, totpConfirmedAt: null } });
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
    await sendSecurityNotice(tx, { userId, change: "totp_disabled" });
  });
}
