import { releaseTag } from "@/lib/domains/sites/public-tags";
import { getConfig } from "@/lib/core/config";
import type { DbOrTx, Tx } from "@/lib/core/db/client";
import { publiclyVisibleReleaseWhere } from "./visibility";

/**
 * Two copies, one canonical (spec 1.4): copies are releases of one company with the same
 * content hash on the other portal. The first copy published is the first source; a copy
 * published later points to it. Runs inside the publishing transaction.
 */
export async function assignCanonical(
  tx: Tx,
  release: { id: number; companyId: number; portal: "business" | "tech"; contentHash: string },
): Promise<number | null> {
  if (!getConfig().releases.canonicalAssignmentEnabled) return null;
  const first = await tx.pressRelease.findFirst({
    where: {
      id: { not: release.id },
      companyId: release.companyId,
      contentHash: release.contentHash,
      portal: { not: release.portal },
      publishedEverAt: { not: null },
      canonicalPressReleaseId: null,
      deletedAt: null,
    },
    orderBy: [{ publishedEverAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  await tx.pressRelease.update({ where: { id: release.id }, data: { canonicalPressReleaseId: first?.id ?? null } });
  return first?.id ?? null;
}

/**
 * Where a copy's page points as its canonical (spec 1.4): to the first source while readers can
 * reach it. Once the first source is tombstoned (410), deleted (404) or otherwise off the portals
 * (depublished, archived, its newsroom inactive), the later copy is its own canonical; when the
 * first source comes back, the link does too. Null means "itself".
 */
export async function canonicalTargetOf(client: DbOrTx, release: { canonicalPressReleaseId: number | null }, now: Date = new Date()) {
  if (!release.canonicalPressReleaseId) return null;
  return client.pressRelease.findFirst({
    where: { id: release.canonicalPressReleaseId, ...publiclyVisibleReleaseWhere(now) },
    select: { id: true, portal: true, language: true, slug: true },
  });
}

/** The cache tags of the copies that point at this release: their pages name it as canonical (a move drops them). */
export async function copyTagsOf(client: DbOrTx, releaseId: number): Promise<string[]> {
  const copies = await client.pressRelease.findMany({
    where: { canonicalPressReleaseId: releaseId, deletedAt: null },
    select: { portal: true, language: true, slug: true },
  });
  return copies.map((c) => releaseTag(c.portal, c.language, c.slug));
}

/**
 * Full deletion of a first source: the assignment moves for good, each later copy becomes its own
 * first source (the API's canonical_id, the maintenance commands and the page agree). Runs in the
 * deletion's transaction. A copy's page names the source only while the source is publicly
 * visible, and deleting a visible source drops every cached public page (deleteReleaseIn).
 */
export async function releaseCopiesOf(tx: Tx, releaseId: number): Promise<void> {
  await tx.pressRelease.updateMany({ where: { canonicalPressReleaseId: releaseId }, data: { canonicalPressReleaseId: null } });
}
