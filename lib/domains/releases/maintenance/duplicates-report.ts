import { db } from "@/lib/core/db/client";

export interface DuplicateRelease {
  id: number;
  companyId: number;
  newsroom: string;
  portal: string;
  language: string;
  status: string;
  canonicalId: number | null;
  publishedEverAt: Date | null;
}

export interface DuplicateGroup {
  contentHash: string;
  /** More than one newsroom: the same text under several senders. */
  acrossNewsrooms: boolean;
  releases: DuplicateRelease[];
}

/**
 * press-releases:duplicates-report: groups of releases (not deleted) with the same content_hash,
 * within one newsroom or across several, biggest and newest first. `since` keeps groups with a
 * release created on or after it. Reads only.
 */
export async function duplicatesReport(opts: { since?: Date; limit?: number } = {}): Promise<{ groups: DuplicateGroup[]; more: boolean }> {
  const limit = opts.limit ?? 50;
  const hashes = await db.$queryRaw<{ hash: string }[]>`
    SELECT content_hash AS hash FROM press_releases
    WHERE deleted_at IS NULL
    GROUP BY content_hash
    HAVING count(*) > 1 AND (${opts.since ?? null}::timestamptz IS NULL OR max(created_at) >= ${opts.since ?? null}::timestamptz)
    ORDER BY count(*) DESC, max(created_at) DESC, content_hash
    LIMIT ${limit + 1}`;
  const shown = hashes.slice(0, limit).map((h) => h.hash);
  const releases = await db.pressRelease.findMany({
    where: { contentHash: { in: shown }, deletedAt: null },
    select: {
      id: true,
      companyId: true,
      portal: true,
      language: true,
      status: true,
      canonicalPressReleaseId: true,
      publishedEverAt: true,
      contentHash: true,
      company: { select: { name: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const groups = shown.map((hash) => {
    const members = releases.filter((r) => r.contentHash === hash);
    return {
      contentHash: hash,
      acrossNewsrooms: new Set(members.map((m) => m.companyId)).size > 1,
      releases: members.map((m) => ({
        id: m.id,
        companyId: m.companyId,
        newsroom: m.company.name,
        portal: m.portal,
        language: m.language,
        status: m.status,
        canonicalId: m.canonicalPressReleaseId,
        publishedEverAt: m.publishedEverAt,
      })),
    };
  });
  return { groups, more: hashes.length > limit };
}
