/**
 * What a provider vouches for beyond "this address is verified", per provider id (the
 * `oauth_accounts.provider` value). A provider not listed vouches for nothing more, so every
 * first linking of an existing account with it needs the confirmation link (spec 5.9).
 */
export interface ProviderMailTrust {
  /** Shown in mails and on buttons. */
  displayName: string;
  /**
   * Consumer mail domains the provider itself runs: it owns these mailboxes, so its
   * verification is as good as ours. A verified address elsewhere only says the mailbox worked
   * once; a former employee may still hold a Google account made with the company address.
   */
  consumerMailDomains: readonly string[];
  /**
   * The `hd` claim names a domain whose accounts the provider administers for its owner
   * (Google Workspace): an account with that claim belongs to the domain, not to a past user.
   */
  vouchesForHostedDomain: boolean;
}

export const PROVIDER_MAIL_TRUST: Readonly<Record<string, ProviderMailTrust>> = {
  google: { displayName: "Google", consumerMailDomains: ["gmail.com", "googlemail.com"], vouchesForHostedDomain: true },
};

/** Why an existing account may be linked without a confirmation link, or null when it needs one. */
export type DirectLinkBasis = "consumer_mail" | "hosted_domain";

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

export function directLinkBasis(profile: { provider: string; email: string; hostedDomain?: string | null }): DirectLinkBasis | null {
  const trust = PROVIDER_MAIL_TRUST[profile.provider];
  if (!trust) return null;
  const domain = domainOf(profile.email);
  if (trust.consumerMailDomains.includes(domain)) return "consumer_mail";
  const hd = profile.hostedDomain?.trim().toLowerCase();
  if (trust.vouchesForHostedDomain && hd && hd === domain) return "hosted_domain";
  return null;
}

export function providerDisplayName(provider: string): string {
  return PROVIDER_MAIL_TRUST[provider]?.displayName ?? provider;
}
