import { getConfig, type Config } from "@/lib/core/config";
import { PROVIDER_MAIL_TRUST } from "./provider-mail-trust";

export interface OidcProviderSettings {
  /** Stored as `oauth_accounts.provider`; must never change for a configured issuer. */
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  consumerMailDomains: string[];
}

// Issuers we know by name. Any other issuer is the generic provider "oidc", which vouches for
// no mail domain (see provider-mail-trust.ts).
const KNOWN_ISSUERS: Readonly<Record<string, string>> = { "accounts.google.com": "google" };
const GENERIC_ID = "oidc";

/** The OIDC provider from AUTH_OIDC_ISSUER / _CLIENT_ID / _CLIENT_SECRET; null when any is unset. */
export function oidcProviderSettings(config: Pick<Config, "auth"> = getConfig()): OidcProviderSettings | null {
  const oidc = config.auth.oidc;
  if (!oidc) return null;
  const id = KNOWN_ISSUERS[new URL(oidc.issuer).hostname.toLowerCase()] ?? GENERIC_ID;
  const trust = PROVIDER_MAIL_TRUST[id];
  return {
    id,
    name: trust?.displayName ?? "OIDC",
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    consumerMailDomains: [...(trust?.consumerMailDomains ?? [])],
  };
}
