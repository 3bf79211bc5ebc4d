import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import type { Tx } from "@/lib/core/db/client";

/**
 * The first proof that an account's address belongs to the person arriving: a redeemed login
 * link, a provider that reports the address as verified, a confirmed address change. Until then
 * the account is "open": anyone could register an address they do not own and set a password,
 * passkeys, a second factor or tokens on it, waiting for the owner. So the first verification,
 * on every path, sets email_verified_at and discards in the same transaction everything set
 * before it (spec 5.8 names password, remember token and API tokens; the same reasoning covers
 * passkeys, the TOTP secret, recovery codes, sessions and a pending address change). The caller
 * signs the person in afresh after commit. Runs inside the caller's transaction; a verified
 * account is left alone (the update matches nothing). One exception: the registration's own
 * confirmation link, opened in the browser that registered, keeps the password set there.
 */
export async function verifyAccountAddress(
  tx: Tx,
  userId: number,
  now: Date,
  opts: { keepRegistrationPassword?: boolean } = {},
): Promise<{ discardedOpenCredentials: boolean }> {
  const { count } = await tx.user.updateMany({
    where: { id: userId, emailVerifiedAt: null },
    data: {
      emailVerifiedAt: now,
      // The registrant confirming in the browser that registered is the mailbox's owner: the
      // password they chose there stays. Nothing else can exist yet (no sign-in before this).
      ...(opts.keepRegistrationPassword ? {} : { passwordHash: null }),
      rememberToken: null,
      sessionsRevokedAtMs: BigInt(now.getTime()),
      totpSecretEncrypted: null,
      totpConfirmedAt: null,
      pendingEmail: null,
      pendingEmailTokenHash: null,
      pendingEmailExpiresAt: null,
    },
  });
  if (count !== 1) return { discardedOpenCredentials: false };
  // One after another: a transaction's connection runs one query at a time.
  const tokens = await tx.apiToken.deleteMany({ where: { userId } });
  const passkeys = await tx.passkey.deleteMany({ where: { userId } });
  const codes = await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
  const sessions = await tx.session.deleteMany({ where: { userId } });
  await recordActivity(
    {
      actorUserId: userId,
      type: ACTIVITY.userAddressVerified,
      subjectType: "user",
      subjectId: userId,
      metadata: { discarded: { apiTokens: tokens.count, passkeys: passkeys.count, recoveryCodes: codes.count, sessions: sessions.count } },
    },
    tx,
  );
  return { discardedOpenCredentials: true };
}
