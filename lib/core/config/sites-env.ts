// Fs-free so the middleware can import it.
export interface SiteHostsEnv {
  hub: string;
  business: string;
  tech: string;
  protocol: "http" | "https";
  /** Outside strict mode a Host that names no site is refused (lib/domains/sites/resolve.ts, isMisdirected). */
  refuseUnknownHosts: boolean;
}

/** Names that only this machine reaches: localhost, *.localhost, the loopback addresses. */
export function isLocalHost(host: string): boolean {
  const name = host
    .replace(/:\d+$/, "")
    .replace(/^\[|\]$/g, "")
    .toLowerCase();
  return name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Strict mode (lib/core/config): a real database, and NODE_ENV=production or a site host that is not a
 * local name. Every secret is then required and no local stand-in (mailbox, test checkout) runs.
 */
export function isStrictEnv(env: Record<string, string | undefined>): boolean {
  const production = Boolean(env.DATABASE_URL?.trim());
  const hosts = [env.SITE_HUB_HOST, env.SITE_BUSINESS_HOST, env.SITE_TECH_HOST]
    .map((h) => h?.trim().toLowerCase())
    .filter((h): h is string => Boolean(h));
  return production && (env.NODE_ENV === "production" || hosts.some((h) => !isLocalHost(h)));
}

/** The port the service listens on (`PORT`, else 3000): the default site hosts carry it. */
function listenPort(env: Record<string, string | undefined>): string {
  const port = env.PORT?.trim() ?? "";
  return /^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535 ? String(Number(port)) : "3000";
}

export function readSiteHosts(env: Record<string, string | undefined>): SiteHostsEnv {
  const pick = (v: string | undefined, d: string) => (v && v.trim() ? v.trim().toLowerCase() : d);
  const production = Boolean(env.DATABASE_URL?.trim());
  const protocol = env.PUBLIC_PROTOCOL === "http" || env.PUBLIC_PROTOCOL === "https" ? env.PUBLIC_PROTOCOL : production ? "https" : "http";
  // Unset hosts are the local names on the port the service listens on, so a changed PORT
  // keeps hub.localhost:{PORT} working (outside strict mode any other name answers 421).
  const port = listenPort(env);
  return {
    hub: pick(env.SITE_HUB_HOST, `hub.localhost:${port}`),
    business: pick(env.SITE_BUSINESS_HOST, `business.localhost:${port}`),
    tech: pick(env.SITE_TECH_HOST, `tech.localhost:${port}`),
    protocol,
    refuseUnknownHosts: !isStrictEnv(env),
  };
}
