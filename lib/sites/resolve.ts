import { EDITIONS, isEdition, type Edition, type SiteKey } from "./sites";

export interface SiteHosts {
  hub: string;
  business: string;
  tech: string;
  protocol: "http" | "https";
}

/** Host header without a trailing dot, lower-cased; the port stays because hosts are configured with it. */
export function normalizeHost(host: string | null | undefined): string {
  return (host ?? "").trim().toLowerCase().replace(/\.$/, "");
}

/**
 * The site a request is for, by its Host header. Hosts that match no configured site (a bare
 * `localhost`, a load balancer's health probe by IP) are served by the hub, which publishes
 * nothing, so no portal content is ever reachable under a foreign name.
 */
export function resolveSite(host: string | null | undefined, hosts: SiteHosts): SiteKey {
  const h = normalizeHost(host);
  if (h === normalizeHost(hosts.business)) return "business";
  if (h === normalizeHost(hosts.tech)) return "tech";
  return "hub";
}

/** The edition selected by the first path segment, or null. */
export function resolveEdition(pathname: string): Edition | null {
  const first = pathname.split("/")[1] ?? "";
  return isEdition(first) ? first : null;
}

/** Picks the edition for a bare portal root from Accept-Language; German is the default. */
export function preferredEdition(acceptLanguage: string | null | undefined): Edition {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? 1);
      return { lang: tag.slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((x) => (EDITIONS as readonly string[]).includes(x.lang))
    .sort((a, b) => b.q - a.q);
  return (ranked[0]?.lang as Edition | undefined) ?? "de";
}
