import type { MxRecord } from "node:dns";
import { Resolver } from "node:dns/promises";

/**
 * The DNS port of the mail-domain check: the three lookups it needs, in the shape of
 * node:dns/promises' Resolver, so tests hand in a fake and never touch the network.
 */
export interface MailDnsResolver {
  resolveMx(domain: string): Promise<MxRecord[]>;
  resolve4(domain: string): Promise<string[]>;
  resolve6(domain: string): Promise<string[]>;
}

// Short timeouts: the check runs inside a request, and a slow lookup is "not a finding"
// (never a refusal), so waiting longer buys nothing.
const LOOKUP_OPTIONS = { timeout: 2000, tries: 2 };

let real: MailDnsResolver | undefined;
let forTests: MailDnsResolver | null = null;

/** The resolver in use: the one a test set, else one shared system resolver. */
export function getMailDnsResolver(): MailDnsResolver {
  if (forTests) return forTests;
  real ??= new Resolver(LOOKUP_OPTIONS);
  return real;
}

/** Tests put a fake in (and `null` back), so code under test that calls getMailDnsResolver() sees it. */
export function setMailDnsResolverForTests(resolver: MailDnsResolver | null): void {
  forTests = resolver;
}
