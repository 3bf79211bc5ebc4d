import { verifyAccountAddress } from "@/lib/domains/accounts/address-verification/verify-account-address";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import type { Tx } from "@/lib/core/db/client";
import { ThirdPartyLoginRefusedError } from "./errors";
import type { ProviderIdentity } from "./profile";
import type { DirectLinkBasis } from "./provider-mail-trust";

export type LinkBasis = DirectLinkBasis | "confirmation_link";

export interface LinkProviderAccountInput {
  userId: number;
  identity: ProviderIdentity;
  basis: LinkBasis;
  now: Date;
}

/**
 * Binds a provider identity to an existing account. Runs inside the caller's transaction,
 * after lockProviderIdentity, so the binding's unique pair cannot be raced.
 *
 * An account is "open" while email_verified_at is null: anyone can register an address they
 * do not own and set a password on it. When the owner of the mailbox arrives through the
 * provider (or through the confirmation link sent to the address), the address is verified
 * here and, in the same transaction, whatever the registrant may hold is discarded
 * (verifyAccountAddress: spec 5.8 and the rest of the credentials). The caller signs in afresh.
 */
export async function linkProviderAccount(tx: Tx, input: LinkProviderAccountInput): Promise<{ discardedOpenCredentials: boolean }> {
  const { userId, identity, basis, now } = input;
  // The row lock orders us against a concurrent password change or login on the same account.
  const rows = await tx.$queryRaw<{ is_active: boolean; deleted_at: Date | null; email_verified_at: Date | null }[]>`
    SELECT is_active, deleted_at, email_verified_at FROM users WHERE id = ${userId} FOR UPDATE`;
  const user = rows[0];
  if (!user || !user.is_active || user.deleted_at) throw new ThirdPartyLoginRefusedError("inactive");

  const { discardedOpenCredentials } = user.email_verified_at
    ? { discardedOpenCredentials: false }
    : await verifyAccountAddress(tx, userId, now);

  const binding = await tx.oAuthAccount.create({
    data: { userId, provider: identity.provider, providerAccountId: identity.providerAccountId, email: identity.email },
    select: { id: true },
  });
  await recordActivity(
    {
      actorUserId: userId,
      type: ACTIVITY.oauthAccountLinked,
      subjectType: "oauth_account",
      subjectId: binding.id,
      metadata: { provider: identity.provider, basis, discardedOpenCredentials },
    },
    tx,
  );
  return { discardedOpenCredentials };
}
