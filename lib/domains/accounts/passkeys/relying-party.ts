import { getSiteHosts, siteName, siteOrigin, type SiteHosts } from "@/lib/domains/sites";

/** The WebAuthn relying party: passkeys belong to the hub, where accounts live. */
export interface RelyingParty {
  /** Host name without port: browsers scope credentials to it (WebAuthn rp.id). */
  id: string;
  name: string;
  /** Protocol + host[:port], exactly what the browser writes into clientDataJSON. */
  origin: string;
}

export function relyingPartyFromHosts(hosts: SiteHosts): RelyingParty {
  const origin = siteOrigin("hub", hosts);
  return { id: new URL(origin).hostname, name: siteName("hub"), origin };
}

export function getRelyingParty(): RelyingParty {
  return relyingPartyFromHosts(getSiteHosts());
}

/**
 * A passkey signs in on its own (no TOTP challenge after it) and confirms admin sessions, so the
 * authenticator must verify the person (PIN, fingerprint, face), not only their presence. Checked
 * at registration too, so no passkey is stored that could never sign in.
 */
export const REQUIRE_USER_VERIFICATION = true;
