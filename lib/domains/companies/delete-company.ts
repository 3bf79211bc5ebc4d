import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { inTransaction, type Tx } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { recordHistory } from "@/lib/domains/releases/history";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { WITHDRAW_RESET } from "@/lib/domains/releases/moves";
import { issueReceipts } from "@/lib/domains/releases/receipts/issue-receipt";
import { lockReleasesOfNewsroom } from "@/lib/domains/releases/tombstone";
import { resyncCompanySearchRows } from "./company-search-rows";

// The soft delete of a newsroom (spec 2.2 "deletion"): deleted_at is set, and from then on the
// newsroom is "not found": its page, its releases' pages, legacy links and feeds answer 404
// (not 410, a tombstone set earlier included: a deletion is no public tombstone), the dashboard,
// the API and the admin search no longer list it, and every team write refuses it. Releases on
// their way out (in review or scheduled) go back to draft, each with a history row, so no check
// or schedule publishes one later. The search mirror keeps its rows, marked not public, and
// search engines hear of every release they could reach. Every release that was ever published
// gets a receipt (`newsroom_deleted`, docs/receipts.md): what the public is shown of it changed,
// written in this transaction like every other receipt. Nothing else is removed: releases,
// contacts, memberships, invoices and credits stay for evidence and accounting, and
// companies:restore brings the newsroom back (restore-company.ts). Only staff delete
// (lib/adapters/admin/company-actions.ts, companies:write).

export interface DeleteCompanyOptions {
  companyId: number;
  actorUserId: number;
  /** Why; stored in the activity entry and the history of every release sent back to draft. */
  reason: string;
  now?: Date;
}

/**
 * Race: two editors deleting at once, or a team change or merge meanwhile. The row lock orders
 * them; whoever comes second finds the newsroom deleted ("not found"), as every team write and
 * the merge lock the same row and read deleted_at after it. A release being checked or published
 * meanwhile is locked by the status update below, so it is either back in draft or published
 * before the delete (and then leaves the public with the rest).
 */
export async function deleteCompany(opts: DeleteCompanyOptions, client?: Tx): Promise<{ releases: number; backToDraft: number }> {
  if (!isRecordId(opts.companyId)) throw notFound("Newsroom not found.");
  const now = opts.now ?? new Date();
  return inTransaction(client, async (tx) => {
    const [company] = await tx.$queryRaw<{ id: number; merged_into_company_id: number | null }[]>`
      SELECT id, merged_into_company_id FROM companies WHERE id = ${opts.companyId} AND deleted_at IS NULL FOR UPDATE`;
    if (!company) throw notFound("Newsroom not found.");
    // A merged newsroom lives on in its survivor (its old address answers 301); deleting the
    // husk would take that redirect and the unmerge with it.
    if (company.merged_into_company_id)
      throw new AppError("conflict", "This newsroom was merged into another one.", {
        mergedIntoNewsroomId: company.merged_into_company_id,
      });
    await tx.company.update({ where: { id: company.id }, data: { deletedAt: now } });

    // As a withdrawal: a release submitted again later gets a fresh check (or a fresh approval).
    const sentBack = await tx.$queryRaw<{ id: number; status: "in_review" | "scheduled" }[]>`
      SELECT id, status FROM press_releases WHERE company_id = ${company.id} AND deleted_at IS NULL AND status IN ('in_review', 'scheduled') ORDER BY id FOR UPDATE`;
    if (sentBack.length)
      await tx.pressRelease.updateMany({
        where: { id: { in: sentBack.map((r) => r.id) } },
        data: { status: "draft", ...WITHDRAW_RESET, updatedAt: now },
      });
    const actor = { type: "admin" as const, userId: opts.actorUserId };
    for (const r of sentBack)
      await recordHistory(tx, {
        pressReleaseId: r.id,
        from: r.status,
        to: "draft",
        actor,
        outcome: "newsroom_deleted",
        reason: opts.reason,
      });
    const everPublished = await lockReleasesOfNewsroom(tx, company.id, { publishedEverAt: { not: null } });
    await issueReceipts(
      tx,
      everPublished.map((r) => r.id),
      { event: "newsroom_deleted", issuedAt: now },
    );

    const releases = await tx.pressRelease.count({ where: { companyId: company.id, deletedAt: null } });
    await resyncCompanySearchRows(tx, company.id, now);
    await recordActivity(
      {
        actorUserId: opts.actorUserId,
        type: ACTIVITY.companyDeleted,
        subjectType: "company",
        subjectId: company.id,
        reason: opts.reason,
        metadata: { releases, backToDraft: sentBack.map((r) => r.id) },
      },
      tx,
    );
    await bumpPublicCacheGeneration(tx);
    return { releases, backToDraft: sentBack.length };
  });
}
