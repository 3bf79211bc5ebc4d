import { createLoginLink } from "@/lib/domains/accounts/login-links/create-login-link";
import { LOGIN_LINK_TTL_MINUTES } from "@/lib/core/config/login-link-ttl";
import { recordConversionEvent } from "@/lib/domains/activity/conversion-events";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type Tx } from "@/lib/core/db/client";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { accountLinkMail } from "@/lib/domains/mail/templates/account-link";
import { missingBrowserSession, ThirdPartyLoginRefusedError } from "./errors";
import { linkProviderAccount } from "./link-provider-account";
import { displayNameFor, providerIdentity, type ProviderIdentity, type ThirdPartyProfile } from "./profile";
import { lockProviderIdentity, retryOnUniqueViolation } from "./provider-lock";
import { directLinkBasis, providerDisplayName } from "./provider-mail-trust";

export type ThirdPartyOutcome =
  /**
   * Sign the user in now: the caller runs login completion (and the TOTP challenge, if any).
   * `registered`: the account was created by this login. `linked`: an existing account got
   * this provider binding by this login (consumer-mail or hosted-domain case).
   */
  | { kind: "signed_in"; userId: number; registered: boolean; linked: boolean }
  /** A confirmation link went to the account address; nothing is bound until it is redeemed. */
  | { kind: "link_confirmation_sent"; email: string };

export interface ResolveThirdPartyLoginOptions {
  /** The asking browser's session binding; an account_link mail can only be redeemed there. */
  browserSessionBinding: string;
  now?: Date;
}

const isActive = (u: { isActive: boolean; deletedAt: Date | null }) => u.isActive && !u.deletedAt;

/**
 * Decides what a successful provider login means for us (spec 5.9): the binding by provider
 * id decides the account; without one a new address registers, and an existing address is
 * linked directly only where the provider vouches for the mailbox, else by confirmation link.
 * The whole decision runs in one transaction under the provider-identity lock.
 */
export async function resolveThirdPartyLogin(profile: ThirdPartyProfile, opts: ResolveThirdPartyLoginOptions): Promise<ThirdPartyOutcome> {
  if (profile.emailVerified !== true) throw new ThirdPartyLoginRefusedError("unverified_email");
  const identity = providerIdentity(profile);
  if (!opts.browserSessionBinding) throw missingBrowserSession();
  const now = opts.now ?? new Date();

  const outcome = await retryOnUniqueViolation(() =>
    db.$transaction(async (tx): Promise<ThirdPartyOutcome> => {
      await lockProviderIdentity(tx, identity.provider, identity.providerAccountId);
      const bound = await signInByBinding(tx, identity);
      if (bound) return bound;

      const existing = await tx.user.findUnique({
        where: { email: identity.email },
        select: { id: true, email: true, locale: true, isActive: true, deletedAt: true },
      });
      if (!existing) return register(tx, identity, profile, now);
      if (!isActive(existing)) throw new ThirdPartyLoginRefusedError("inactive");

      const basis = directLinkBasis({ ...identity, hostedDomain: profile.hostedDomain });
      if (basis) {
        await linkProviderAccount(tx, { userId: existing.id, identity, basis, now });
        return { kind: "signed_in", userId: existing.id, registered: false, linked: true } as const;
      }
      return sendLinkConfirmation(tx, existing, identity, opts.browserSessionBinding, now);
    }),
  );
  // Stage 4 of the funnel counts every registration, this path's too (spec 6.1); after the commit, best-effort.
  if (outcome.kind === "signed_in" && outcome.registered) await recordConversionEvent({ stage: 4, source: "registration_third_party" });
  return outcome;
}

/** The binding decides the account even when the provider's address changed since. */
async function signInByBinding(tx: Tx, identity: ProviderIdentity): Promise<ThirdPartyOutcome | null> {
  const binding = await tx.oAuthAccount.findUnique({
    where: { provider_providerAccountId: { provider: identity.provider, providerAccountId: identity.providerAccountId } },
    select: { id: true, email: true, user: { select: { id: true, isActive: true, deletedAt: true } } },
  });
  if (!binding) return null;
  if (!isActive(binding.user)) throw new ThirdPartyLoginRefusedError("inactive");
  // Only the binding's copy follows the provider; the account address changes through its own
  // confirmed process (spec 2.1), never because a provider says so.
  if (binding.email !== identity.email) await tx.oAuthAccount.update({ where: { id: binding.id }, data: { email: identity.email } });
  return { kind: "signed_in", userId: binding.user.id, registered: false, linked: false };
}

async function register(tx: Tx, identity: ProviderIdentity, profile: ThirdPartyProfile, now: Date): Promise<ThirdPartyOutcome> {
  // The provider verified the address, so the account starts verified and without a password.
  const user = await tx.user.create({
    data: {
      email: identity.email,
      name: displayNameFor(profile, identity.email),
      emailVerifiedAt: now,
      oauthAccounts: { create: { provider: identity.provider, providerAccountId: identity.providerAccountId, email: identity.email } },
    },
    select: { id: true },
  });
  await recordActivity(
    {
      actorUserId: user.id,
      type: ACTIVITY.userRegistered,
      path: "third_party",
      subjectType: "user",
      subjectId: user.id,
      metadata: { provider: identity.provider },
    },
    tx,
  );
  return { kind: "signed_in", userId: user.id, registered: true, linked: false };
}

async function sendLinkConfirmation(
  tx: Tx,
  user: { id: number; email: string; locale: "de" | "en" },
  identity: ProviderIdentity,
  browserSessionBinding: string,
  now: Date,
): Promise<ThirdPartyOutcome> {
  const ttlMinutes = LOGIN_LINK_TTL_MINUTES.account_link;
  const link = await createLoginLink(
    {
      email: user.email,
      userId: user.id,
      purpose: "account_link",
      source: "account_link",
      browserSessionBinding,
      payload: { provider: identity.provider, providerAccountId: identity.providerAccountId },
      ttlMinutes,
      now,
    },
    tx,
  );
  // Link and mail commit together: no mail for a link that was rolled back, no link without its mail.
  const mail = await accountLinkMail({
    url: link.url,
    providerName: providerDisplayName(identity.provider),
    language: recipientLanguage({ userLocale: user.locale }),
    ttlMinutes,
  });
  await sendMail({ to: user.email, ...mail, mailType: "account_link" }, tx);
  return { kind: "link_confirmation_sent", email: user.email };
}
