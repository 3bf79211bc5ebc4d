import { parse } from "tldts";

/**
 * Whether an address's domain ends in a real top-level domain, judged against the Public
 * Suffix List without any DNS lookup (spec 4.2 legacy rule): `info@firma` (no TLD) and
 * `info@firma.con` (mistyped) are implausible.
 */
export function hasPlausibleDomain(address: string): boolean {
  const at = address.lastIndexOf("@");
  if (at < 1) return false;
  const host = address.slice(at + 1).toLowerCase();
  if (!host.includes(".") || host.endsWith(".")) return false;
  const parsed = parse(host, { allowPrivateDomains: false });
  return parsed.isIcann === true && !!parsed.domain && !parsed.isIp;
}
