import type { Tx } from "@/lib/core/db/client";

/**
 * Drops the text-check audit rows that judged another text (spec 2.3: `discarded_at` marks
 * results dropped because the content hash changed). Only text checks: an image precheck or
 * its review judged an image's bytes, which a text change leaves as they were, so those rows
 * stay in force (they go only with their image, lib/domains/images/erase-unpublished-images.ts).
 */
export async function discardStaleTextChecks(tx: Tx, pressReleaseId: number, contentHash: string, now: Date): Promise<number> {
  const { count } = await tx.kiAudit.updateMany({
    where: { pressReleaseId, type: "text_check", discardedAt: null, contentHash: { not: contentHash } },
    data: { discardedAt: now },
  });
  return count;
}

/**
 * Drops the classifications of every version but `reviewFingerprint` (a check or approval is valid
 * only for the fingerprint it names; docs/release-lifecycle.md, "Review fingerprint"), so none of
 * them can ever publish the release as it is now. Every change of a judged field calls it.
 */
export async function discardChecksOfOtherVersions(tx: Tx, pressReleaseId: number, reviewFingerprint: string, now: Date): Promise<number> {
  const { count } = await tx.pressReleaseClassification.updateMany({
    where: { pressReleaseId, discardedAt: null, OR: [{ reviewFingerprint: null }, { reviewFingerprint: { not: reviewFingerprint } }] },
    data: { discardedAt: now },
  });
  return count;
}
