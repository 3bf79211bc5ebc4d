import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { sendSecurityNotice } from "@/lib/domains/mail/notifications/send-security-notice";
import { secondFactorProofMissing, twoFactorNotEnabled } from "./errors";
import type { SecondFactorContext } from "./check-second-factor";
import { requireSecondFactorProof } from "./require-second-factor-proof";
import { lockTwoFactorState } from "./user-lock";

/**
 * Turns TOTP off: removes secret, confirmation and recovery codes. Needs a current app code or
 * a recovery code (consumed) as proof, checked and throttled like the login challenge; null (no
 * code given) is identity_proof_required. The account address hears of it. Not in an
 * impersonation session (`ctx.acting`): refused before the code is checked, so support access
 * spends none of the customer's codes.
 */
export async function disableTotp(
  userId: number,
  proof: string | null,
  ctx: SecondFactorContext & { acting?: Acting } = {},
): Promise<void> {
  assertNotImpersonating(ctx.acting, "security");
  if (proof === null) throw secondFactorProofMissing();
  await requireSecondFactorProof(userId, proof, "disable", ctx);
  await db.$transaction(async (tx) => {
    const state = await lockTwoFactorState(tx, userId);
    if (!state?.totpConfirmedAt) throw twoFactorNotEnabled();
    await tx.user.update({ where: { id: userId }, data: { totpSecretEncrypted: null, totpConfirmedAt: null } });
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
    await sendSecurityNotice(tx, { userId, change: "totp_disabled" });
  });
}
