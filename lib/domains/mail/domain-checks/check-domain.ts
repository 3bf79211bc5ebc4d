import type { MxRecord } from "node:dns";
import { getConfig } from "@/lib/core/config";
import { db, type DbOrTx } from "@/lib/core/db/client";
import type { DomainFinding } from "@/lib/generated/prisma/client";
import { mailDomainOf, normalizeMailDomain } from "./domain-name";
import { getMailDnsResolver, type MailDnsResolver } from "./resolver";

// Spec 2.2 `email_domain_checks`: what DNS says about a domain's ability to receive mail.
// Only an answer from DNS is a finding; a lookup that timed out or failed is not, and never
// blocks anyone.

export interface DomainCheck {
  domain: string;
  /** DNS answered (with records, "no data" or "no such domain"). */
  resolved: boolean;
  /** Set only when resolved. */
  finding: DomainFinding | null;
  detail: string | null;
  checkedAt: Date;
  /** Taken from email_domain_checks instead of a lookup. */
  cached: boolean;
}

type Lookup = Pick<DomainCheck, "resolved" | "finding" | "detail">;

export const DEFAULT_MAX_AGE_HOURS = 168;
/** A lookup that did not resolve is asked again only after this: a slow name server costs each request once. */
export const UNRESOLVED_RETRY_MINUTES = 10;
/** The whole check (MX, then A and AAAA) answers within this, or counts as unresolved. */
export const LOOKUP_BUDGET_MS = 3_000;
const IMPLAUSIBLE: ReadonlySet<DomainFinding> = new Set(["null_mx", "no_mail_host"]);

const errorCode = (err: unknown) => String((err as { code?: unknown }).code ?? "error");
// NODATA: the name exists without records of this type. NOTFOUND: NXDOMAIN, no such name.
const isNoData = (err: unknown) => errorCode(err) === "ENODATA";
const isNxDomain = (err: unknown) => errorCode(err) === "ENOTFOUND";
const unresolved = (err: unknown): Lookup => ({ resolved: false, finding: null, detail: errorCode(err) });

async function lookUp(domain: string, resolver: MailDnsResolver): Promise<Lookup> {
  let mx: MxRecord[];
  try {
    mx = await resolver.resolveMx(domain);
  } catch (err) {
    if (isNxDomain(err)) return { resolved: true, finding: "no_mail_host", detail: "NXDOMAIN" };
    if (!isNoData(err)) return unresolved(err);
    mx = [];
  }
  // RFC 7505: a single MX with the root as exchange says "this domain accepts no mail".
  // Node reports the root as "" (some resolvers as "."); beside other MX it is a misconfiguration, not a Null MX.
  if (mx.length === 1 && (mx[0]!.exchange === "" || mx[0]!.exchange === "."))
    return { resolved: true, finding: "null_mx", detail: "RFC 7505 Null MX" };
  if (mx.length > 0) {
    const hosts = [...mx].sort((a, b) => a.priority - b.priority).map((r) => r.exchange);
    return { resolved: true, finding: "mx", detail: hosts.slice(0, 3).join(" ") };
  }
  // RFC 5321 §5.1: without MX records the domain's own address is the mail host (implicit MX).
  const answers = await Promise.allSettled([resolver.resolve4(domain), resolver.resolve6(domain)]);
  const address = answers.flatMap((a) => (a.status === "fulfilled" ? a.value : []))[0];
  if (address) return { resolved: true, finding: "implicit_mx", detail: address };
  // "No host" only when both lookups answered; a failed one might have held the address.
  const failed = answers.find((a) => a.status === "rejected" && !isNoData(a.reason) && !isNxDomain(a.reason));
  if (failed?.status === "rejected") return unresolved(failed.reason);
  return { resolved: true, finding: "no_mail_host", detail: "no MX, A or AAAA records" };
}

async function withinBudget(lookup: Promise<Lookup>): Promise<Lookup> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Lookup>((resolve) => {
    timer = setTimeout(() => resolve({ resolved: false, finding: null, detail: "ETIMEOUT" }), LOOKUP_BUDGET_MS);
  });
  try {
    return await Promise.race([lookup, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The finding for one domain: a resolved row younger than `maxAgeHours` is reused, otherwise
 * DNS is asked and the row written (upsert by domain, so concurrent checks of one domain end
 * with one row). Null, without a lookup, when `domain` is not a host name.
 */
export async function checkEmailDomain(
  domain: string,
  opts: { resolver?: MailDnsResolver; maxAgeHours?: number; now?: Date; client?: DbOrTx; retryUnresolved?: boolean } = {},
): Promise<DomainCheck | null> {
  const name = normalizeMailDomain(domain);
  if (!name) return null;
  const client = opts.client ?? db;
  const now = opts.now ?? new Date();
  const maxAgeMs = (opts.maxAgeHours ?? DEFAULT_MAX_AGE_HOURS) * 3_600_000;
  const select = { domain: true, resolved: true, finding: true, detail: true, checkedAt: true } as const;
  const stored = await client.emailDomainCheck.findUnique({ where: { domain: name }, select });
  const age = stored ? now.getTime() - stored.checkedAt.getTime() : Infinity;
  const reuseFor = stored?.resolved ? maxAgeMs : opts.retryUnresolved ? 0 : UNRESOLVED_RETRY_MINUTES * 60_000;
  if (stored && age < reuseFor) return { ...stored, cached: true };

  const found = await withinBudget(lookUp(name, opts.resolver ?? getMailDnsResolver()));
  const row = { ...found, checkedAt: now };
  const saved = await client.emailDomainCheck.upsert({ where: { domain: name }, create: { domain: name, ...row }, update: row, select });
  return { ...saved, cached: false };
}

/**
 * Whether DNS proves an address's domain cannot receive mail (Null MX, or no mail host at
 * all). False while EMAIL_DOMAIN_CHECK is off, for input that is not an address, and for
 * every lookup that did not resolve.
 */
export async function isImplausibleMailDomain(
  email: string | null | undefined,
  opts: { resolver?: MailDnsResolver; maxAgeHours?: number } = {},
): Promise<boolean> {
  if (!email || !getConfig().mail.domainCheck) return false;
  const domain = mailDomainOf(email);
  if (!domain) return false;
  const check = await checkEmailDomain(domain, opts);
  return !!check?.resolved && !!check.finding && IMPLAUSIBLE.has(check.finding);
}
