import { db } from "@/lib/core/db/client";
import { hashRecoveryCode, normalizeRecoveryCode } from "./recovery-codes";
import { recordSecondFactorFailure } from "./record-failure";
import { claimTimeStep } from "./replay-guard";
import { openTotpSecret } from "./secret-box";
import { countSecondFactorAttempt, countSecondFactorFailure } from "./throttle";
import { looksLikeTotpCode, matchTotpCode } from "./totp";

export type SecondFactorMethod = "totp" | "recovery_code";

export type SecondFactorCheck = { ok: true; method: SecondFactorMethod } | { ok: false; reason: "invalid" | "replayed" | "not_enabled" };

export interface SecondFactorContext {
  /** The client's address, kept only as an HMAC in the login history. */
  ip?: string;
  now?: Date;
}

/**
 * Checks an app code or a recovery code of an account with confirmed TOTP. Every attempt
 * counts toward the throttle (throws TwoFactorThrottledError); a recovery code is consumed.
 * Shared by the login challenge and the proofs for disabling and renewing.
 */
export async function checkSecondFactor(
  opts: { userId: number; input: string; entryPoint: string } & SecondFactorContext,
): Promise<SecondFactorCheck> {
  const now = opts.now ?? new Date();
  const user = await db.user.findUnique({ where: { id: opts.userId }, select: { totpSecretEncrypted: true, totpConfirmedAt: true } });
  if (!user?.totpConfirmedAt || !user.totpSecretEncrypted) return { ok: false, reason: "not_enabled" };
  await countSecondFactorAttempt(opts.userId);

  const input = opts.input.replace(/\s+/g, "");
  const recoveryCode = looksLikeTotpCode(input) ? null : normalizeRecoveryCode(input);
  const method: SecondFactorMethod | null = looksLikeTotpCode(input) ? "totp" : recoveryCode ? "recovery_code" : null;
  let result: SecondFactorCheck = { ok: false, reason: "invalid" };
  if (method === "totp") {
    const step = await matchTotpCode(openTotpSecret(user.totpSecretEncrypted, opts.userId), input, now);
    if (step !== null) result = (await claimTimeStep(opts.userId, step)) ? { ok: true, method } : { ok: false, reason: "replayed" };
  } else if (recoveryCode && (await consumeRecoveryCode(opts.userId, hashRecoveryCode(recoveryCode), now))) {
    result = { ok: true, method: "recovery_code" };
  }
  if (!result.ok) {
    await countSecondFactorFailure(opts.userId);
    await recordSecondFactorFailure({ userId: opts.userId, method, entryPoint: opts.entryPoint, ip: opts.ip });
  }
  return result;
}

/**
 * Marks the code used. One UPDATE with `consumed_at IS NULL` in its WHERE: of two simultaneous
 * uses the second waits for the first's row lock, re-checks the condition and updates nothing.
 */
async function consumeRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
  const updated = await db.$executeRaw`
    UPDATE two_factor_recovery_codes SET consumed_at = ${now}
    WHERE user_id = ${userId} AND code_hash = ${codeHash} AND consumed_at IS NULL`;
  return updated === 1;
}
