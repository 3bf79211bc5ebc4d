import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { sendSecurityNotice } from "@/lib/domains/mail/notifications/send-security-notice";
import type { SecondFactorContext } from "./check-second-factor";
import { secondFactorProofMissing, twoFactorNotEnabled } from "./errors";
import { replaceRecoveryCodes } from "./replace-recovery-codes";
import { requireSecondFactorProof } from "./require-second-factor-proof";
import { lockTwoFactorState } from "./user-lock";

/**
 * Replaces every recovery code with ten new ones, returned in plain text once. Needs the same
 * proof as disabling (null, no code given, is identity_proof_required); the old codes, used or
 * not, stop working. The account address hears of it. Not in an impersonation session
 * (`ctx.acting`), refused before the code is checked.
 */
export async function renewRecoveryCodes(
  userId: number,
  proof: string | null,
  ctx: SecondFactorContext & { acting?: Acting } = {},
): Promise<{ recoveryCodes: string[] }> {
  assertNotImpersonating(ctx.acting, "security");
  if (proof === null) throw secondFactorProofMissing();
  await requireSecondFactorProof(userId, proof, "renew_recovery_codes", ctx);
  return db.$transaction(async (tx) => {
    const state = await lockTwoFactorState(tx, userId);
    if (!state?.totpConfirmedAt) throw twoFactorNotEnabled();
    await sendSecurityNotice(tx, { userId, change: "recovery_codes_renewed" });
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}
