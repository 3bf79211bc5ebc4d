import type { Tx } from "@/lib/core/db/client";

export interface TwoFactorState {
  totpSecretEncrypted: string | null;
  totpConfirmedAt: Date | null;
}

/**
 * Locks the user's row for the rest of the transaction and reads the second-factor state
 * after the lock, so confirm, disable, renew and reset on one account run one after another.
 */
export async function lockTwoFactorState(tx: Tx, userId: number): Promise<TwoFactorState | null> {
  const rows = await tx.$queryRaw<{ totp_secret_encrypted: string | null; totp_confirmed_at: Date | null }[]>`
    SELECT totp_secret_encrypted, totp_confirmed_at FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`;
  const row = rows[0];
  return row ? { totpSecretEncrypted: row.totp_secret_encrypted, totpConfirmedAt: row.totp_confirmed_at } : null;
}
