import { requireProofUnderLock } from "@/lib/domains/accounts/identity-proof/proof-under-lock";
import type { SessionProof } from "@/lib/domains/accounts/identity-proof/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { sendSecurityNotice } from "@/lib/domains/mail/notifications/send-security-notice";
import { TOTP_SETUP_MINUTES } from "./begin-totp-setup";
import { invalidCode } from "./errors";
import { replaceRecoveryCodes } from "./replace-recovery-codes";
import { claimTimeStep } from "./replay-guard";
import { openTotpSecret } from "./secret-box";
import { countSecondFactorAttempt, countSecondFactorFailure } from "./throttle";
import { matchTotpCode } from "./totp";
import { lockTwoFactorState } from "./user-lock";

const expired = (startedAt: Date | null, now: Date) => !startedAt || now.getTime() - startedAt.getTime() > TOTP_SETUP_MINUTES * 60_000;

/**
 * Confirms setup with a code from the app: sets totp_confirmed_at and creates the recovery
 * codes, returned here in plain text and never again; the account address hears of it.
 * Attempts count toward the throttle. The setup must be at most TOTP_SETUP_MINUTES old (410
 * after), and the session's proof (`proof`) must still count for a first two-factor setup under
 * the account's row lock: a setup begun with the mailbox alone is not finished after the account
 * gained a passkey, whose holder alone then proves a further factor. Not in an impersonation
 * session (`acting`).
 */
export async function confirmTotpSetup(
  userId: number,
  code: string,
  opts: { proof: SessionProof; now?: Date; acting?: Acting },
): Promise<{ recoveryCodes: string[] }> {
  assertNotImpersonating(opts.acting, "security");
  const now = opts.now ?? new Date();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { totpSecretEncrypted: true, totpConfirmedAt: true, totpSetupStartedAt: true },
  });
  if (!user?.totpSecretEncrypted || user.totpConfirmedAt)
    throw new AppError("conflict", "There is no two-factor setup waiting for confirmation.");
  if (expired(user.totpSetupStartedAt, now))
    throw new AppError("gone", `The two-factor setup has expired (${TOTP_SETUP_MINUTES} minutes); start again.`);
  await countSecondFactorAttempt(userId);
  const step = await matchTotpCode(openTotpSecret(user.totpSecretEncrypted, userId), code.replace(/\s+/g, ""), now);
  if (step === null || !(await claimTimeStep(userId, step))) {
    await countSecondFactorFailure(userId);
    throw invalidCode();
  }

  return db.$transaction(async (tx) => {
    // Re-read under the lock: a restarted setup (new secret) or a parallel confirmation wins.
    const state = await lockTwoFactorState(tx, userId);
    if (state?.totpSecretEncrypted !== user.totpSecretEncrypted || state.totpConfirmedAt)
      throw new AppError("conflict", "The two-factor setup changed meanwhile; start again.");
    await requireProofUnderLock(tx, userId, "first_two_factor_setup", opts.proof, now);
    await tx.user.update({ where: { id: userId }, data: { totpConfirmedAt: now, totpSetupStartedAt: null } });
    await sendSecurityNotice(tx, { userId, change: "totp_enabled" });
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}
