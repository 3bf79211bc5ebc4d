import { domainToASCII } from "node:url";

// Only a well-formed host name is worth a lookup: whatever else reaches the check (stored
// data from older systems, a hostile body) is answered "no finding" without touching DNS.

const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
// ASCII other than letters, digits, "-" and ".": domainToASCII would decode "%41" or drop
// characters, so such input is refused before it can turn into some other name.
const FORBIDDEN_ASCII = /[\x00-\x2c\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]/;

/**
 * The lookup form of a domain: lower-cased, IDN in punycode, no trailing root dot; null when
 * it is not a host name with at least two labels and an alphabetic top-level label (an IP
 * address or `localhost` has no mail domain to check).
 */
export function normalizeMailDomain(input: string): string | null {
  const trimmed = input.trim().toLowerCase().replace(/\.$/, "");
  if (!trimmed || trimmed.length > MAX_DOMAIN_LENGTH || FORBIDDEN_ASCII.test(trimmed)) return null;
  const ascii = domainToASCII(trimmed);
  if (!ascii || ascii.length > MAX_DOMAIN_LENGTH) return null;
  const labels = ascii.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  return /[a-z]/.test(labels[labels.length - 1]!) ? ascii : null;
}

/** The normalized domain of an address (after its last "@"), or null. */
export function mailDomainOf(address: string): string | null {
  const at = address.lastIndexOf("@");
  return at < 1 ? null : normalizeMailDomain(address.slice(at + 1));
}
