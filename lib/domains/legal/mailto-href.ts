/**
 * A mailto link to one stored address, each part percent-encoded (RFC 6068): whatever an
 * address holds, the link names that one recipient and adds no copy, subject or body.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
