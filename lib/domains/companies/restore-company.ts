import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { requireReason } from "@/lib/core/input/admin-reason";
import { inTransaction, type Tx } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { issueReceipts } from "@/lib/domains/releases/receipts/issue-receipt";
import { lockReleasesOfNewsroom } from "@/lib/domains/releases/tombstone";
import { resyncCompanySearchRows } from "./company-search-rows";

// Undoing a newsroom's soft delete (companies:restore, docs/admin.md): deleted_at is cleared and
// the newsroom is back as it was, with its team, contacts, credits and invoices. Its published
// releases are public again, in search too, and search engines hear of them. Releases the delete
// sent back to draft stay drafts (their history says so): the team submits them again, and each
// gets a fresh check. A slug stays with its newsroom while deleted, so it is still free. Every
// release that was ever published gets a receipt (`newsroom_restored`, docs/receipts.md), in this
// transaction, stating what the public is shown of it now.

export interface RestoreCompanyOptions {
  companyId: number;
  /** Who restores (null on the console, where the operator is the actor). */
  actorUserId?: number | null;
  /** Why; stored in the activity entry. */
  reason: string;
  now?: Date;
}

/** Race: a second restore at once waits for the row lock and then finds the newsroom not deleted (409). */
export async function restoreCompany(opts: RestoreCompanyOptions, client?: Tx): Promise<{ releases: number; public: number }> {
  const reason = requireReason(opts.reason);
  if (!isRecordId(opts.companyId)) throw notFound("Newsroom not found.");
  const now = opts.now ?? new Date();
  return inTransaction(client, async (tx) => {
    const [company] = await tx.$queryRaw<
      { id: number; deleted_at: Date | null }[]
    >`SELECT id, deleted_at FROM companies WHERE id = ${opts.companyId} FOR UPDATE`;
    if (!company) throw notFound("Newsroom not found.");
    if (!company.deleted_at) throw new AppError("conflict", "This newsroom is not deleted.");
    await tx.company.update({ where: { id: company.id }, data: { deletedAt: null } });
    const everPublished = await lockReleasesOfNewsroom(tx, company.id, { publishedEverAt: { not: null } });
    await issueReceipts(
      tx,
      everPublished.map((r) => r.id),
      { event: "newsroom_restored", issuedAt: now },
    );
    const releases = await tx.pressRelease.count({ where: { companyId: company.id, deletedAt: null } });
    const search = await resyncCompanySearchRows(tx, company.id, now);
    await recordActivity(
      {
        actorUserId: opts.actorUserId ?? null,
        type: ACTIVITY.companyRestored,
        subjectType: "company",
        subjectId: company.id,
        reason,
        metadata: { releases, deletedAt: company.deleted_at.toISOString(), public: search.rows },
      },
      tx,
    );
    await bumpPublicCacheGeneration(tx);
    return { releases, public: search.rows };
  });
}
