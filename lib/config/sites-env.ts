// Fs-free so the middleware can import it.
export interface SiteHostsEnv {
  hub: string;
  business: string;
  tech: string;
  protocol: "http" | "https";
}

/** Names that only this machine reaches: localhost, *.localhost, the loopback addresses. */
export function isLocalHost(host: string): boolean {
  const name = host.replace(/:\d+$/, "").replace(/^\[|\]$/g, "").toLowerCase();
  return name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

export function readSiteHosts(env: Record<string, string | undefined>): SiteHostsEnv {
  const pick = (v: string | undefined, d: string) => (v && v.trim() ? v.trim().toLowerCase() : d);
  const production = Boolean(env.DATABASE_URL?.trim());
  const protocol = env.PUBLIC_PROTOCOL === "http" || env.PUBLIC_PROTOCOL === "https" ? env.PUBLIC_PROTOCOL : production ? "https" : "http";
  return {
    hub: pick(env.SITE_HUB_HOST, "hub.localhost:3000"),
    business: pick(env.SITE_BUSINESS_HOST, "business.localhost:3000"),
    tech: pick(env.SITE_TECH_HOST, "tech.localhost:3000"),
    protocol,
  };
}
