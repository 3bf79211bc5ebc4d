import { db } from "@/lib/core/db/client";

export interface TwoFactorStatus {
  enabled: boolean;
  /** A secret waits for its first code. */
  setupPending: boolean;
  unusedRecoveryCodes: number;
}

/** What the security page and the login completion need to know; never the secret itself. */
export async function getTwoFactorStatus(userId: number): Promise<TwoFactorStatus> {
  const [user, unusedRecoveryCodes] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { totpSecretEncrypted: true, totpConfirmedAt: true } }),
    db.twoFactorRecoveryCode.count({ where: { userId, consumedAt: null } }),
  ]);
  const enabled = !!user?.totpConfirmedAt && !!user.totpSecretEncrypted;
  return {
    enabled,
    setupPending: !!user?.totpSecretEncrypted && !user.totpConfirmedAt,
    unusedRecoveryCodes: enabled ? unusedRecoveryCodes : 0,
  };
}
