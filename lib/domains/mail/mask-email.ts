/**
 * An address shown partially, for mails to someone who may not be the one who typed it:
 * `new.name@example.com` -> `n***@e***.com`. Enough for the owner to recognise a change they
 * made, too little for an intruder reading the old mailbox to learn the new address.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const name = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${[...local][0]}***@${[...name][0] ?? ""}***${tld}`;
}
