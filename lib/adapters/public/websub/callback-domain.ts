import { getDomain } from "tldts";
import { isLoopbackAddress, literalAddress } from "@/lib/core/http/outbound-address";
import { Prisma } from "@/lib/generated/prisma/client";

// Whom a callback belongs to, for the hub's limits and throttles per callback: its registrable
// domain (tldts, public suffixes of ICANN only), so `x1.evil.example`, `x2.evil.example` … are one
// party. Hosts of private suffixes (github.io, netlify.app …) count as that suffix: strangers who
// share it share its budget, and free subdomains are no way around it. A literal IP address
// counts as itself, whatever the port; a loopback callback (only where OUTBOUND_ALLOW_LOCALHOST
// is on) as its host and port: each local service is its own.

export interface CallbackDomain {
  /** `evil.example`, `203.0.113.9`, `[2001:db8::1]`, or for loopback `127.0.0.1:4000`. */
  key: string;
  /** A callback on this machine: no third party to protect (the per-target throttles skip it). */
  loopback: boolean;
}

const isLocalhostName = (name: string) => name === "localhost" || name.endsWith(".localhost");

/** The domain of a callback host (`URL.host`: lower case, port included). */
export function callbackDomainOf(host: string): CallbackDomain {
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return { key: host, loopback: false };
  }
  const literal = literalAddress(hostname);
  if (literal !== null) return isLoopbackAddress(literal) ? { key: host, loopback: true } : { key: hostname, loopback: false };
  const name = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  if (isLocalhostName(name)) return { key: host, loopback: true };
  return { key: getDomain(name) ?? name, loopback: false };
}

/**
 * SQL: the row's callback_host belongs to the domain `key`: the very host (a loopback key), the
 * host without port and root dot, or a subdomain of it. (No index helps; it runs over the active
 * subscriptions and waiting requests, which the limits keep to a bounded number per topic.)
 */
export function hostInDomain(key: string): Prisma.Sql {
  const col = Prisma.raw("callback_host");
  const bare = Prisma.sql`regexp_replace(${col}, '\\.?(:[0-9]+)?$', '')`;
  return Prisma.sql`(${col} = ${key} OR ${bare} = ${key} OR right(${bare}, ${key.length + 1}) = ${`.${key}`})`;
}
