import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { sealTotpSecret } from "./secret-box";
import { newTotpSecret, totpUri } from "./totp";

export interface TotpSetup {
  /** otpauth:// URI for the QR code. */
  otpauthUri: string;
  /** Base32 secret for typing in by hand. */
  secret: string;
}

/** How long a setup waits for its first code; then it has expired and starts again. */
export const TOTP_SETUP_MINUTES = 10;

/**
 * Starts (or restarts) TOTP setup: stores a new, unconfirmed secret, encrypted, with when it was
 * made (it expires after TOTP_SETUP_MINUTES). The caller asks for a fresh identity proof first
 * (spec 5.3); the confirmation checks it again. An account with confirmed TOTP must disable it
 * before setting up another. Not in an impersonation session (`acting`).
 */
export async function beginTotpSetup(userId: number, opts: { now?: Date; acting?: Acting } = {}): Promise<TotpSetup> {
  assertNotImpersonating(opts.acting, "security");
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, deletedAt: true } });
  if (!user || user.deletedAt) throw notFound("There is no such account.");
  const secret = newTotpSecret();
  // Conditional on "not confirmed": a confirmation that lands meanwhile is never overwritten.
  const { count } = await db.user.updateMany({
    where: { id: userId, totpConfirmedAt: null },
    data: { totpSecretEncrypted: sealTotpSecret(secret, userId), totpSetupStartedAt: opts.now ?? new Date() },
  });
  if (count !== 1) throw new AppError("conflict", "Two-factor authentication is already enabled; disable it first.");
  return { otpauthUri: totpUri(secret, user.email), secret };
}
