import { getConfig } from "@/lib/config";
import type { Tx } from "@/lib/db/client";

/**
 * Two copies, one canonical (spec 1.4): copies are releases of one company with the same
 * content hash on the other portal. The first copy published is the first source; a copy
 * published later points to it. Runs inside the publishing transaction.
 */
export async function assignCanonical(tx: Tx, release: { id: number; companyId: number; portal: "business" | "tech"; contentHash: string }): Promise<number | null> {
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
