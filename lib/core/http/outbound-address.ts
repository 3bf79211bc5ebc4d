import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which hosts a customer's URL (webhook endpoint, WebSub callback) may point at. Everything we
 * send to such a URL goes through `sendOutbound` (outbound.ts); these are its address rules, also
 * used on their own when a customer enters the URL.
 */
export interface OutboundPolicy {
  /** The embedded default (and tests) also allow http(s)://localhost, 127.0.0.1 and [::1]: loopback only, never other private ranges. */
  allowLocalhost: boolean;
}

export type OutboundUrlProblem = "invalid" | "scheme" | "credentials" | "private-address" | "too-long";

export type OutboundUrlCheck = { ok: true; url: string } | { ok: false; reason: OutboundUrlProblem; message: string };

export const MAX_OUTBOUND_URL_LENGTH = 2_000;

// ipaddr.js calls every IPv6 address outside its special list "unicast", including ::/96
// (IPv4-compatible, ::7f00:1 is 127.0.0.1 to some stacks) and other unallocated space. IANA hands
// out global unicast only from 2000::/3, so nothing outside it is ever a customer's server.
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

/**
 * True when the address (v4 or v6 string) may be contacted: ipaddr.js range "unicast" only (IPv6
 * also inside 2000::/3); IPv4-mapped IPv6 is judged as its IPv4; with allowLocalhost also loopback.
 */
export function isPublicAddress(address: string, policy: OutboundPolicy): boolean {
  // net.isIP first: ipaddr.js alone also takes "2130706433" or "0x7f.1", which are no address
  // strings a resolver or the URL parser hands us.
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return false;
  // process() turns ::ffff:a.b.c.d into the IPv4 address it stands for.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === "loopback") return policy.allowLocalhost;
  if (range !== "unicast") return false;
  return parsed.kind() === "ipv4" || parsed.match(IPV6_GLOBAL_UNICAST);
}

/** The address when the URL's hostname is a literal IP (brackets of IPv6 removed), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}

export function isLoopbackAddress(address: string): boolean {
  return isIP(address) !== 0 && ipaddr.isValid(address) && ipaddr.process(address).range() === "loopback";
}

/** "localhost", "*.localhost" (RFC 6761: always loopback), with or without the root's trailing dot. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  return name === "localhost" || name.endsWith(".localhost");
}

/**
 * Checks a URL as a customer enters it: https only (http only for localhost when allowed), no
 * user:password@, a literal IP must be public (or loopback when allowed). Returns the URL as the
 * WHATWG parser normalized it, so "http://0x7f.1/" is judged as the 127.0.0.1 it connects to.
 */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy): OutboundUrlCheck {
  if (raw.length > MAX_OUTBOUND_URL_LENGTH) return refuse("too-long", `The URL may be at most ${MAX_OUTBOUND_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("invalid", "The URL is not valid.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return refuse("scheme", "The URL must start with https://.");
  if (url.username !== "" || url.password !== "") return refuse("credentials", "The URL must not contain a user name or password.");
  if (url.hostname === "") return refuse("invalid", "The URL has no host.");
  // Punycode or percent-decoding can make the normalized form longer than what was typed.
  if (url.href.length > MAX_OUTBOUND_URL_LENGTH) return refuse("too-long", `The URL may be at most ${MAX_OUTBOUND_URL_LENGTH} characters.`);

  const literal = literalAddress(url.hostname);
  const isLocalhost = literal === null ? isLocalhostName(url.hostname) : isLoopbackAddress(literal);
  if (literal !== null && !isPublicAddress(literal, policy))
    return refuse("private-address", "The URL points to a private or reserved address.");
  if (literal === null && isLocalhost && !policy.allowLocalhost) return refuse("private-address", "The URL points to localhost.");
  // Plain http only where nothing leaves the machine: the embedded default's own endpoints.
  if (url.protocol === "http:" && !(isLocalhost && policy.allowLocalhost)) return refuse("scheme", "The URL must start with https://.");
  return { ok: true, url: url.href };
}

function refuse(reason: OutboundUrlProblem, message: string): OutboundUrlCheck {
  return { ok: false, reason, message };
}
