import { db, type DbOrTx } from "@/lib/db/client";
import type { EmailClassification } from "@/lib/generated/prisma/client";
import { computeClassification, normalizeCompanyEmail } from "./classify-email";

// The one reader of company_email_groups (spec 2.2): whatever decides something from a company
// address's classification asks here, never the table. A stored group answers with its
// effective value (the manual override, else the computed one); an address without a group yet
// (a company created since the last recomputation) gets a transient classification computed
// the same way, from the companies that carry it now, and nothing is written.

/** The effective classification of one company address; `unknown` for an empty one. */
export async function effectiveClassification(email: string | null | undefined, client: DbOrTx = db): Promise<EmailClassification> {
  const key = normalizeCompanyEmail(email);
  if (!key) return "unknown";
  return (await effectiveClassifications([key], client)).get(key)!;
}

/** The same for many addresses at once, keyed by the normalized address (reports, audits). */
export async function effectiveClassifications(emails: readonly (string | null | undefined)[], client: DbOrTx = db): Promise<Map<string, EmailClassification>> {
  const keys = [...new Set(emails.map(normalizeCompanyEmail).filter((k): k is string => k !== null))];
  const result = new Map<string, EmailClassification>();
  if (!keys.length) return result;
  const groups = await client.companyEmailGroup.findMany({ where: { normalizedEmail: { in: keys } }, select: { normalizedEmail: true, effectiveClassification: true } });
  for (const g of groups) result.set(g.normalizedEmail, g.effectiveClassification);
  const missing = keys.filter((k) => !result.has(k));
  if (missing.length) {
    const counts = await companyCountsOf(client, missing);
    for (const k of missing) result.set(k, computeClassification(k, counts.get(k) ?? 0));
  }
  return result;
}

/** How many live companies (not deleted, not merged away) carry each normalized address now. */
export async function companyCountsOf(client: DbOrTx, keys: string[]): Promise<Map<string, number>> {
  const rows = await client.$queryRaw<{ key: string; n: number }[]>`
    SELECT lower(btrim(email)) AS key, count(*)::int AS n FROM companies
    WHERE deleted_at IS NULL AND merged_into_company_id IS NULL AND lower(btrim(email)) = ANY(${keys})
    GROUP BY 1`;
  return new Map(rows.map((r) => [r.key, r.n]));
}
