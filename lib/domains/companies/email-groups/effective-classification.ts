import { db, type DbOrTx } from "@/lib/core/db/client";
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
export async function effectiveClassifications(
  emails: readonly (string | null | undefined)[],
  client: DbOrTx = db,
): Promise<Map<string, EmailClassification>> {
  const keys = [...new Set(emails.map(normalizeCompanyEmail).filter((k): k is string => k !== null))];
  if (!keys.length) return new Map();
  const stored = await storedClassifications(client, keys);
  const missing = keys.filter((k) => !stored.has(k));
  const counts = missing.length ? await companyCountsOf(client, missing) : new Map<string, number>();
  return new Map(keys.map((k) => [k, classificationOf(stored.get(k), k, counts.get(k) ?? 0)]));
}

/**
 * The effective classification of one normalized address and its manual override (null without
 * one), from one read of its group (the admin's newsroom detail).
 */
export async function classificationWithOverride(
  key: string,
  client: DbOrTx = db,
): Promise<{ effective: EmailClassification; manual: EmailClassification | null }> {
  const group = await client.companyEmailGroup.findUnique({
    where: { normalizedEmail: key },
    select: { effectiveClassification: true, manualClassification: true },
  });
  if (group) return { effective: group.effectiveClassification, manual: group.manualClassification };
  const counts = await companyCountsOf(client, [key]);
  return { effective: computeClassification(key, counts.get(key) ?? 0), manual: null };
}

/**
 * The effective classification of a normalized address: its stored group's value, else the one
 * computed from the `count` live companies that carry it now (an address without a group yet).
 */
export function classificationOf(stored: EmailClassification | undefined, key: string, count: number): EmailClassification {
  return stored ?? computeClassification(key, count);
}

/** The stored groups' effective values by normalized address: of `keys`, or of every group without them. */
export async function storedClassifications(client: DbOrTx, keys?: readonly string[]): Promise<Map<string, EmailClassification>> {
  const groups = await client.companyEmailGroup.findMany({
    where: keys ? { normalizedEmail: { in: [...keys] } } : {},
    select: { normalizedEmail: true, effectiveClassification: true },
  });
  return new Map(groups.map((g) => [g.normalizedEmail, g.effectiveClassification]));
}

/** How many live companies (not deleted, not merged away) carry each normalized address now. */
export async function companyCountsOf(client: DbOrTx, keys: string[]): Promise<Map<string, number>> {
  const rows = await client.$queryRaw<{ key: string; n: number }[]>`
    SELECT lower(btrim(email)) AS key, count(*)::int AS n FROM companies
    WHERE deleted_at IS NULL AND merged_into_company_id IS NULL AND lower(btrim(email)) = ANY(${keys})
    GROUP BY 1`;
  return new Map(rows.map((r) => [r.key, r.n]));
}
