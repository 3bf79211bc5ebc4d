import { isLocalHost } from "@/lib/core/config/sites-env";
import { EDITIONS, isEdition, type Edition, type SiteKey } from "./sites";

export interface SiteHosts {
  hub: string;
  business: string;
  tech: string;
  protocol: "http" | "https";
  /**
   * Outside strict mode (lib/core/config: the embedded default, development, tests) a Host that names
   * no site and no local name is refused: a page whose name rebinds to 127.0.0.1 would otherwise
   * be same-origin with this server. Strict mode serves such a Host the hub (docs/portals.md).
   */
  refuseUnknownHosts?: boolean;
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

/** The local stand-ins (mailbox with login links, test checkout): only the hub's own name answers them. */
const HUB_NAME_ONLY = /^\/(dev|checkout\/local)(\/|$)/;
/**
 * Except the local webhook inspector's receiver, under any loopback name: this machine's own server
 * posts to http://localhost:{PORT}/dev/webhooks/inbox (Node's resolver knows `localhost`, not every
 * `*.localhost`). It shows nothing to whoever posts; the inspector page stays under the hub's name.
 */
const LOOPBACK_RECEIVER = /^\/dev\/webhooks\/inbox\/?$/;

/**
 * Whether a request must be answered 421 Misdirected Request (docs/portals.md, "Hosts"): its Host
 * is none of the configured site hosts where unknown hosts are refused (a loopback name such as
 * 127.0.0.1, which a browser sends only for a page of this machine, still reaches the hub), or
 * it asks for a hub-only path under any other name than the hub's.
 */
export function isMisdirected(host: string | null | undefined, pathname: string, hosts: SiteHosts): boolean {
  const h = normalizeHost(host);
  if (LOOPBACK_RECEIVER.test(pathname) && isLocalHost(h)) return false;
  if (HUB_NAME_ONLY.test(pathname)) return h !== normalizeHost(hosts.hub);
  if (!hosts.refuseUnknownHosts || isLocalHost(h)) return false;
  return h !== normalizeHost(hosts.hub) && h !== normalizeHost(hosts.business) && h !== normalizeHost(hosts.tech);
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
