import { invalidatePublicTags, releaseTag } from "@/lib/domains/sites/public-tags";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { assignCanonical } from "../canonical";

export type AssignCanonicalsResult =
  { enabled: false } | { enabled: true; dryRun: boolean; assigned: { id: number; canonicalId: number }[] };

interface PairRow {
  id: number;
  companyId: number;
  contentHash: string;
  portal: "business" | "tech";
}

/**
 * press-releases:assign-canonicals: for a release published as two copies (one per portal, same
 * company, same content hash) of which neither points to the other, the later copy gets the
 * first source as its canonical, by the same rule publishing applies (lib/domains/releases/canonical.ts).
 * Off while CANONICAL_ASSIGNMENT_ENABLED is off.
 */
export async function assignCanonicals(opts: { dryRun?: boolean } = {}): Promise<AssignCanonicalsResult> {
  if (!getConfig().releases.canonicalAssignmentEnabled) return { enabled: false };
  // Every published-ever release without a canonical that has such a twin on the other portal;
  // per company and hash oldest first, so the first source is the first of its group.
  const rows = await db.$queryRaw<(PairRow & { rank: bigint })[]>`
    SELECT r.id, r.company_id AS "companyId", r.content_hash AS "contentHash", r.portal::text AS portal,
           row_number() OVER (PARTITION BY r.company_id, r.content_hash ORDER BY r.published_ever_at, r.id) AS rank
    FROM press_releases r
    WHERE r.published_ever_at IS NOT NULL AND r.deleted_at IS NULL AND r.canonical_press_release_id IS NULL
      AND EXISTS (SELECT 1 FROM press_releases o
                  WHERE o.company_id = r.company_id AND o.content_hash = r.content_hash AND o.portal <> r.portal AND o.id <> r.id
                    AND o.published_ever_at IS NOT NULL AND o.deleted_at IS NULL AND o.canonical_press_release_id IS NULL)
    ORDER BY r.company_id, r.content_hash, rank`;
  const assigned: { id: number; canonicalId: number }[] = [];
  const firsts = new Map<string, PairRow>();
  for (const row of rows) {
    const group = `${row.companyId}:${row.contentHash}`;
    const first = firsts.get(group);
    if (!first) {
      firsts.set(group, row);
      continue;
    }
    if (row.portal === first.portal) continue;
    if (opts.dryRun) {
      assigned.push({ id: row.id, canonicalId: first.id });
      continue;
    }
    const canonicalId = await db.$transaction(async (tx) => {
      // Locked and read again: a publish or a delete in between decides on its own.
      const [locked] = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM press_releases WHERE id = ${row.id} AND deleted_at IS NULL AND canonical_press_release_id IS NULL AND published_ever_at IS NOT NULL FOR UPDATE`;
      if (!locked) return null;
      const release = await tx.pressRelease.findUniqueOrThrow({
        where: { id: row.id },
        select: { id: true, companyId: true, portal: true, language: true, slug: true, contentHash: true },
      });
      const id = await assignCanonical(tx, release);
      // The page's rel=canonical now names the first source.
      if (id) await invalidatePublicTags(tx, [releaseTag(release.portal, release.language, release.slug)]);
      return id;
    });
    if (canonicalId) assigned.push({ id: row.id, canonicalId });
  }
  return { enabled: true, dryRun: !!opts.dryRun, assigned };
}
