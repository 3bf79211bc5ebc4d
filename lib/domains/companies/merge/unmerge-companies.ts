import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { portalsOfCompany } from "@/lib/domains/sites/portals";
import type { Tx } from "@/lib/core/db/client";
import { inSavepoint } from "@/lib/core/db/savepoint";
import { isUniqueViolation } from "@/lib/core/db/unique-violation";
import type { CompanyMergeMove, CompanyPortal } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/core/errors/errors";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { rollbackAfter } from "./dry-run";
import { lockCompanies } from "./lock-companies";
import { isMovable, restoreMembership, ROW_REMOVED, stillHolds, writeColumn } from "./moves";

// companies:unmerge: replays the moves of one merge backwards, in one transaction. A value is
// put back only while it is still what the merge wrote: a row deleted since is skipped, a value
// changed since (a profile field the merge filled and someone edited, a release moved on) keeps
// its newer value. Both are reported, never silently dropped.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UnmergeNote {
  table: string;
  column: string;
  rowId: string;
  note: string;
}

export type UnmergeOutcome =
  | { kind: "refused"; reason: "already_undone"; message: string }
  | {
      kind: "unmerged";
      dryRun: boolean;
      mergeId: string;
      survivorId: number;
      mergedId: number;
      restored: number;
      skipped: UnmergeNote[];
      kept: UnmergeNote[];
      creditsReturned: number;
    };

interface Replay {
  tx: Tx;
  survivorId: number;
  mergedId: number;
  movedReleaseIds: number[];
  restored: number;
  skipped: UnmergeNote[];
  kept: UnmergeNote[];
}

const noteOf = (m: CompanyMergeMove, note: string): UnmergeNote => ({ table: m.tableName, column: m.columnName, rowId: m.rowId, note });

/** A write that would break a uniqueness rule (one default contact, one open invitation, one membership) is kept, not forced. */
async function guarded(tx: Tx, write: () => Promise<unknown>): Promise<boolean> {
  try {
    await inSavepoint(tx, "unmerge_move", write);
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** The survivor goes back to its own portal, unless it has published there since the merge. */
async function portalBlocker(r: Replay, m: CompanyMergeMove): Promise<string | null> {
  const kept = new Set(portalsOfCompany(m.oldValue as CompanyPortal));
  const lost = portalsOfCompany(m.newValue as CompanyPortal).filter((p) => !kept.has(p));
  const n = await r.tx.pressRelease.count({
    where: { companyId: r.survivorId, deletedAt: null, portal: { in: lost }, id: { notIn: r.movedReleaseIds } },
  });
  return n ? `the surviving newsroom has ${n} release(s) of its own on ${lost.join(", ")} since the merge; it stays on both portals` : null;
}

async function replayOne(r: Replay, m: CompanyMergeMove): Promise<void> {
  const { tx } = r;
  if (m.tableName === "company_user" && m.columnName === ROW_REMOVED) {
    if (await restoreMembership(tx, m.oldValue!)) r.restored++;
    else r.skipped.push(noteOf(m, "membership not restored: the person's account is gone or they are in that newsroom again"));
    return;
  }
  if (!isMovable(m.tableName, m.columnName))
    throw new Error(`merge move ${m.id} names ${m.tableName}.${m.columnName}, which no merge writes`);
  const table = m.tableName;
  const column = m.columnName as never;
  const rowId = Number(m.rowId);
  const holds = await stillHolds(tx, table, column, rowId, m.newValue);
  if (holds === null) return void r.skipped.push(noteOf(m, "row deleted since the merge"));
  if (!holds)
    return void r.kept.push(
      noteOf(
        m,
        m.mergedValue !== null
          ? "filled in by the merge and changed since; the newer value stays"
          : "changed since the merge; the newer value stays",
      ),
    );
  if (table === "companies" && m.columnName === "portal") {
    const blocker = await portalBlocker(r, m);
    if (blocker) return void r.kept.push(noteOf(m, blocker));
  }
  if (await guarded(tx, () => writeColumn(tx, table, column, rowId, m.oldValue))) r.restored++;
  else
    r.kept.push(
      noteOf(m, "not restored: it would break a uniqueness rule (default contact, open invitation or membership) changed since the merge"),
    );
}

/**
 * Summed credits go back as the amount the merge moved, as far as the survivor still has them
 * (what was spent since stays spent), with a ledger row on each side.
 */
async function returnCredits(r: Replay, moves: CompanyMergeMove[], mergeId: string, actorUserId: number | null): Promise<number> {
  const out = moves.find((m) => m.tableName === "companies" && m.columnName === "credits" && Number(m.rowId) === r.mergedId);
  if (!out) return 0;
  const moved = Number(out.oldValue) - Number(out.newValue);
  const survivor = await r.tx.company.findUniqueOrThrow({ where: { id: r.survivorId }, select: { credits: true } });
  const amount = Math.min(moved, survivor.credits);
  if (amount > 0) {
    await r.tx.$executeRaw`UPDATE companies SET credits = credits - ${amount} WHERE id = ${r.survivorId}`;
    await r.tx.$executeRaw`UPDATE companies SET credits = credits + ${amount} WHERE id = ${r.mergedId}`;
    await r.tx.creditTransaction.createMany({
      data: [
        { companyId: r.survivorId, delta: -amount, reason: "company_unmerge", reference: `company_unmerge:${mergeId}:out`, actorUserId },
        { companyId: r.mergedId, delta: amount, reason: "company_unmerge", reference: `company_unmerge:${mergeId}:in`, actorUserId },
      ],
    });
    r.restored += 2;
  }
  if (amount < moved)
    r.kept.push({
      table: "companies",
      column: "credits",
      rowId: String(r.survivorId),
      note: `${moved - amount} of the ${moved} moved credits were spent since the merge and stay spent`,
    });
  return amount;
}

async function unmergeLocked(
  tx: Tx,
  opts: { mergeId: string; dryRun?: boolean; actorUserId?: number | null },
  now: Date,
): Promise<UnmergeOutcome> {
  const locked = await tx.$queryRaw<
    { id: number }[]
  >`SELECT id FROM company_merge_moves WHERE merge_id = ${opts.mergeId} ORDER BY id FOR UPDATE`;
  if (!locked.length) throw notFound(`There is no merge ${opts.mergeId}.`);
  const moves = await tx.companyMergeMove.findMany({ where: { mergeId: opts.mergeId }, orderBy: { id: "desc" } });
  if (moves.some((m) => m.undoneAt))
    return { kind: "refused", reason: "already_undone", message: `Merge ${opts.mergeId} was already undone.` };
  const link = moves.find((m) => m.tableName === "companies" && m.columnName === "merged_into_company_id");
  if (!link) throw new Error(`merge ${opts.mergeId} has no merged_into_company_id move`);
  const mergedId = Number(link.rowId);
  const survivorId = Number(link.newValue);
  await lockCompanies(tx, [survivorId, mergedId]);

  const movedReleaseIds = moves
    .filter((m) => m.tableName === "press_releases" && m.columnName === "company_id")
    .map((m) => Number(m.rowId));
  const r: Replay = { tx, survivorId, mergedId, movedReleaseIds, restored: 0, skipped: [], kept: [] };
  for (const m of moves) if (!(m.tableName === "companies" && m.columnName === "credits")) await replayOne(r, m);
  const creditsReturned = await returnCredits(r, moves, opts.mergeId, opts.actorUserId ?? null);
  for (const id of movedReleaseIds) await syncSearchMirror(tx, id, now);
  await tx.companyMergeMove.updateMany({ where: { mergeId: opts.mergeId }, data: { undoneAt: now } });

  await recordActivity(
    {
      actorUserId: opts.actorUserId ?? null,
      type: ACTIVITY.companyUnmerged,
      subjectType: "company",
      subjectId: survivorId,
      result: opts.dryRun ? "dry_run" : "unmerged",
      metadata: {
        mergeId: opts.mergeId,
        mergedCompanyId: mergedId,
        restored: r.restored,
        skipped: r.skipped.length,
        kept: r.kept.length,
        creditsReturned,
      },
    },
    tx,
  );
  await bumpPublicCacheGeneration(tx);
  return {
    kind: "unmerged",
    dryRun: opts.dryRun === true,
    mergeId: opts.mergeId,
    survivorId,
    mergedId,
    restored: r.restored,
    skipped: r.skipped,
    kept: r.kept,
    creditsReturned,
  };
}

/** Undoes one merge by its id (the uuid companies:merge printed). An unknown id throws not_found. */
export async function unmergeCompanies(opts: {
  mergeId: string;
  dryRun?: boolean;
  actorUserId?: number | null;
  now?: Date;
}): Promise<UnmergeOutcome> {
  if (!UUID.test(opts.mergeId)) throw notFound(`There is no merge ${opts.mergeId}.`);
  const now = opts.now ?? new Date();
  return rollbackAfter(
    opts.dryRun === true,
    (tx) => unmergeLocked(tx, opts, now),
    (o) => o.kind === "unmerged",
  );
}
