import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { invalidCode } from "./errors";
import { replaceRecoveryCodes } from "./replace-recovery-codes";
import { claimTimeStep } from "./replay-guard";
import { openTotpSecret } from "./secret-box";
import { countSecondFactorAttempt, countSecondFactorFailure } from "./throttle";
import { matchTotpCode } from "./totp";
import { lockTwoFactorState } from "./user-lock";

/**
 * Confirms setup with a code from the app: sets totp_confirmed_at and creates the recovery
 * codes, returned here in plain text and never again. Attempts count toward the throttle.
 */
export async function confirmTotpSetup(userId: number, code: string, opts: { now?: Date } = {}): Promise<{ recoveryCodes: string[] }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpSecretEncrypted: true, totpConfirmedAt: true } });
  if (!user?.totpSecretEncrypted || user.totpConfirmedAt) throw new AppError("conflict", "There is no two-factor setup waiting for confirmation.");
  await countSecondFactorAttempt(userId);
  const step = await matchTotpCode(openTotpSecret(user.totpSecretEncrypted, userId), code.replace(/\s+/g, ""), opts.now ?? new Date());
  if (step === null || !(await claimTimeStep(userId, step))) {
    await countSecondFactorFailure(userId);
    throw invalidCode();
  }

  return db.$transaction(async (tx) => {
    // Re-read under the lock: a restarted setup (new secret) or a parallel confirmation wins.
    const state = await lockTwoFactorState(tx, userId);
    if (state?.totpSecretEncrypted !== user.totpSecretEncrypted || state.totpConfirmedAt) throw new AppError("conflict", "The two-factor setup changed meanwhile; start again.");
    await tx.user.update({ where: { id: userId }, data: { totpConfirmedAt: opts.now ?? new Date() } });
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}
