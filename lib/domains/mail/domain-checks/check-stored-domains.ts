import { db } from "@/lib/core/db/client";
import type { DomainFinding } from "@/lib/generated/prisma/client";
import { checkEmailDomain, DEFAULT_MAX_AGE_HOURS, type DomainCheck } from "./check-domain";
import { normalizeMailDomain } from "./domain-name";
import type { MailDnsResolver } from "./resolver";

// `mail:check-domains` (spec 4.7): findings for the addresses already stored, so staff see
// which accounts, newsrooms and contacts cannot be reached before a mail bounces.

export type DomainOutcome = DomainFinding | "unresolved" | "invalid";

export interface StoredDomainsRun {
  results: { domain: string; outcome: DomainOutcome; cached: boolean }[];
  counts: Record<DomainOutcome, number>;
  /** Domains that needed DNS (no fresh resolved row). */
  looked: number;
}

/**
 * Distinct domains of account, company, contact and release-contact addresses. With a limit,
 * the ones most in need of a check come first: never checked, then unresolved, then oldest.
 */
export async function listStoredMailDomains(opts: { limit?: number } = {}): Promise<string[]> {
  const rows = await db.$queryRaw<{ domain: string }[]>`
    WITH addresses(email) AS (
      SELECT email FROM users
      UNION SELECT email FROM companies WHERE email IS NOT NULL
      UNION SELECT email FROM contacts
      UNION SELECT contact_email FROM press_releases WHERE contact_email IS NOT NULL
    ), domains AS (
      SELECT DISTINCT lower(trim(substring(email FROM '@([^@]*)$'))) AS domain FROM addresses
    )
    SELECT d.domain FROM domains d
    LEFT JOIN email_domain_checks c ON c.domain = d.domain
    WHERE d.domain <> ''
    ORDER BY c.checked_at IS NOT NULL, c.resolved, c.checked_at, d.domain
    LIMIT ${opts.limit ?? null}`;
  return rows.map((r) => r.domain);
}

const outcomeOf = (check: DomainCheck | null): DomainOutcome =>
  !check ? "invalid" : check.resolved && check.finding ? check.finding : "unresolved";

/** Checks the domains with at most `concurrency` lookups in flight (kind to the resolver). */
export async function checkStoredMailDomains(
  opts: { limit?: number; maxAgeHours?: number; concurrency?: number; resolver?: MailDnsResolver } = {},
): Promise<StoredDomainsRun> {
  const stored = await listStoredMailDomains(opts.limit !== undefined ? { limit: opts.limit } : {});
  // "Müller.de" and "xn--mller-kva.de" are one domain to DNS and count once.
  const domains = [...new Set(stored.map((d) => normalizeMailDomain(d) ?? d))];
  const results: StoredDomainsRun["results"] = new Array(domains.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < domains.length; i = next++) {
      const check = await checkEmailDomain(domains[i]!, {
        maxAgeHours: opts.maxAgeHours ?? DEFAULT_MAX_AGE_HOURS,
        retryUnresolved: true,
        ...(opts.resolver ? { resolver: opts.resolver } : {}),
      });
      results[i] = { domain: domains[i]!, outcome: outcomeOf(check), cached: !!check?.cached };
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 8, domains.length) }, worker));
  const counts: StoredDomainsRun["counts"] = { mx: 0, implicit_mx: 0, null_mx: 0, no_mail_host: 0, unresolved: 0, invalid: 0 };
  for (const r of results) counts[r.outcome]++;
  return { results, counts, looked: results.filter((r) => r.outcome !== "invalid" && !r.cached).length };
}
