import { incompleteProfile } from "./errors";

/** What the next-auth callback hands over from the provider's ID token / userinfo. */
export interface ThirdPartyProfile {
  provider: string;
  /** The provider's stable subject (`sub`); the account is bound by it, never by the e-mail. */
  providerAccountId: string;
  email: string;
  /** The provider's `email_verified`; only `true` counts. */
  emailVerified: boolean;
  name?: string | null;
  /** Google's `hd` claim (Workspace domain), when present. */
  hostedDomain?: string | null;
}

export interface ProviderIdentity {
  provider: string;
  providerAccountId: string;
  /** Lower-cased, like users.email. */
  email: string;
}

export function providerIdentity(profile: ThirdPartyProfile): ProviderIdentity {
  const provider = profile.provider.trim();
  const providerAccountId = profile.providerAccountId.trim();
  const email = profile.email.trim().toLowerCase();
  if (!provider || !providerAccountId || !/^[^@\s]+@[^@\s]+$/.test(email)) throw incompleteProfile();
  return { provider, providerAccountId, email };
}

/** The new account's name: the provider's, else the address's local part (name is required). */
export function displayNameFor(profile: ThirdPartyProfile, email: string): string {
  const name = profile.name?.trim();
  return name ? name.slice(0, 255) : email.slice(0, email.lastIndexOf("@"));
}
