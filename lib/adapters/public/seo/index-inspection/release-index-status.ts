import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import type { IndexState, ReleaseStatus } from "@/lib/generated/prisma/client";

export interface IndexCheckRow {
  id: number;
  state: IndexState;
  checkedAt: Date;
  url: string | null;
  inspector: string | null;
  answer: unknown;
}

/** The newest snapshots of one release, newest first (the admin release detail). */
export async function latestIndexChecks(opts: { releaseId: number; limit?: number }): Promise<IndexCheckRow[]> {
  return db.pressReleaseIndexCheck.findMany({
    where: { pressReleaseId: opts.releaseId },
    orderBy: [{ checkedAt: "desc" }, { id: "desc" }],
    take: opts.limit ?? 10,
    select: { id: true, state: true, checkedAt: true, url: true, inspector: true, answer: true },
  });
}

export type CustomerIndexStatus = { latest: { state: IndexState; checkedAt: Date } | null };

/**
 * What the customer's release page shows in its search-index block, or null when it shows none:
 * the switch SEARCH_INDEX_BLOCK_VISIBLE_TO_CUSTOMERS is off (spec 8, default off) or the release
 * is not published. `latest` null: not checked yet.
 */
export async function customerIndexStatus(opts: { releaseId: number; status: ReleaseStatus }): Promise<CustomerIndexStatus | null> {
  if (!getConfig().releases.searchIndexBlockVisibleToCustomers || opts.status !== "published") return null;
  const [latest] = await latestIndexChecks({ releaseId: opts.releaseId, limit: 1 });
  return { latest: latest ? { state: latest.state, checkedAt: latest.checkedAt } : null };
}
