import { db, type Tx } from "@/lib/core/db/client";
import type { EmailClassification } from "@/lib/generated/prisma/client";
import { computeClassification, normalizeCompanyEmail } from "./classify-email";

export interface RecomputeResult {
  groups: number;
  inserted: number;
  updated: number;
  removed: number;
}

/**
 * Serializes everything that writes company_email_groups: without it, a recomputation that read
 * the override before an operator changed it would write back an effective value from the old one.
 */
export async function lockEmailGroups(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('company-email-groups'))`;
}

/**
 * One group per normalized company address of the live companies (not deleted, not merged
 * away), with its company count and computed classification; effective = manual ?? computed.
 * Idempotent: rows are inserted or updated only where something changed. A group whose address
 * no company carries any more is removed, unless someone classified it by hand: the override
 * is kept (with a count of 0) for when the address comes back.
 */
export async function recomputeCompanyEmailGroups(now = new Date()): Promise<RecomputeResult> {
  return db.$transaction(
    async (tx) => {
      await lockEmailGroups(tx);
      const rows = await tx.$queryRaw<{ email: string; n: number }[]>`
        SELECT email, count(*)::int AS n FROM companies
        WHERE deleted_at IS NULL AND merged_into_company_id IS NULL AND email IS NOT NULL
        GROUP BY email`;
      const counts = new Map<string, number>();
      for (const r of rows) {
        const key = normalizeCompanyEmail(r.email);
        if (key) counts.set(key, (counts.get(key) ?? 0) + r.n);
      }

      const existing = await tx.companyEmailGroup.findMany({
        select: {
          id: true,
          normalizedEmail: true,
          classification: true,
          manualClassification: true,
          effectiveClassification: true,
          companyCount: true,
        },
      });
      const byEmail = new Map(existing.map((g) => [g.normalizedEmail, g]));
      const result: RecomputeResult = { groups: 0, inserted: 0, updated: 0, removed: 0 };

      const inserts: {
        normalizedEmail: string;
        classification: EmailClassification;
        effectiveClassification: EmailClassification;
        companyCount: number;
        computedAt: Date;
      }[] = [];
      for (const [normalizedEmail, companyCount] of counts) {
        const classification = computeClassification(normalizedEmail, companyCount);
        const group = byEmail.get(normalizedEmail);
        if (!group) {
          inserts.push({ normalizedEmail, classification, effectiveClassification: classification, companyCount, computedAt: now });
          continue;
        }
        const effective = group.manualClassification ?? classification;
        if (group.classification !== classification || group.effectiveClassification !== effective || group.companyCount !== companyCount) {
          await tx.companyEmailGroup.update({
            where: { id: group.id },
            data: { classification, effectiveClassification: effective, companyCount, computedAt: now },
          });
          result.updated++;
        }
      }
      if (inserts.length) result.inserted = (await tx.companyEmailGroup.createMany({ data: inserts })).count;

      const orphans = existing.filter((g) => !counts.has(g.normalizedEmail));
      const removable = orphans.filter((g) => g.manualClassification === null).map((g) => g.id);
      if (removable.length) result.removed = (await tx.companyEmailGroup.deleteMany({ where: { id: { in: removable } } })).count;
      for (const g of orphans.filter((o) => o.manualClassification !== null)) {
        const classification = computeClassification(g.normalizedEmail, 0);
        if (g.companyCount !== 0 || g.classification !== classification) {
          await tx.companyEmailGroup.update({ where: { id: g.id }, data: { classification, companyCount: 0, computedAt: now } });
          result.updated++;
        }
      }
      result.groups = counts.size + orphans.length - removable.length;
      return result;
    },
    // A full pass over every company address; far longer than an interactive request.
    { timeout: 120_000, maxWait: 10_000 },
  );
}
