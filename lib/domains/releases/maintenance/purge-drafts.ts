import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { getConfig } from "@/lib/core/config";
import { MIN_DRAFT_RETENTION_DAYS } from "@/lib/core/config/schema";
import { db, type DbOrTx } from "@/lib/core/db/client";
import type { PressRelease } from "@/lib/generated/prisma/client";
import { eraseUnpublishedImages } from "@/lib/domains/images/erase-unpublished-images";
import { evidenceKeptBy } from "@/lib/domains/evidence/retention";
import { AppError } from "@/lib/core/errors/errors";
import { eraseFiles } from "@/lib/core/storage/files";
import { EDITABLE_STATUSES } from "../save-release";
import { releaseLastActivity } from "./release-last-activity";

// press-releases:purge-drafts (spec 4.7): deletes what never reached the public and nobody
// works on, with its images' rows and files. Never a release that was ever public, and never one
// a legal matter or an evidence hold touches.

/** A release the newsroom deleted itself (soft delete) is kept this long for "undo" questions, then purged. */
export const DELETED_RELEASE_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export type PurgeReason = "stale_draft" | "deleted";

export interface PurgedRelease {
  id: number;
  companyId: number;
  reason: PurgeReason;
  images: number;
}

export interface PurgeDraftsResult {
  days: number;
  dryRun: boolean;
  purged: PurgedRelease[];
  /** Candidates kept after a closer look (inside the lock), with the reason. */
  kept: { id: number; why: string }[];
  files: number;
}

type Row = Pick<
  PressRelease,
  "id" | "companyId" | "status" | "publishedEverAt" | "publishedAt" | "deletedAt" | "updatedAt" | "archivePendingAt"
>;
const ROW = {
  id: true,
  companyId: true,
  status: true,
  publishedEverAt: true,
  publishedAt: true,
  deletedAt: true,
  updatedAt: true,
  archivePendingAt: true,
} as const;

/**
 * Why a release qualifies (null: it does not), by its columns and `lastActivity`: the newest
 * work on it anywhere (release-last-activity.ts), not only its own updated_at.
 */
function purgeReason(r: Row, lastActivity: Date, cutoffs: { draft: Date; deleted: Date }): PurgeReason | null {
  if (r.publishedEverAt || r.publishedAt) return null;
  if (r.deletedAt)
    return r.deletedAt < cutoffs.deleted && lastActivity < cutoffs.deleted && (EDITABLE_STATUSES as readonly string[]).includes(r.status)
      ? "deleted"
      : null;
  return r.status === "draft" && lastActivity < cutoffs.draft ? "stale_draft" : null;
}

/**
 * What keeps a qualifying release: anything that says it was public once, a legal matter, an
 * evidence hold or open archive work, or paid things (boosts, changes) hanging on it.
 */
async function keeper(client: DbOrTx, r: Row, now: Date): Promise<string | null> {
  if (r.archivePendingAt) return "open archive job";
  const [published, requests, corrections, boosts, changes, publicImages] = await Promise.all([
    client.pressReleaseHistory.count({ where: { pressReleaseId: r.id, toStatus: "published" } }),
    client.legalRequest.count({ where: { pressReleaseId: r.id } }),
    client.pressReleaseCorrection.count({ where: { pressReleaseId: r.id } }),
    client.boost.count({ where: { pressReleaseId: r.id } }),
    client.pressReleaseChange.count({ where: { pressReleaseId: r.id } }),
    client.pressReleaseImage.count({ where: { pressReleaseId: r.id, publishedEverAt: { not: null } } }),
  ]);
  if (published || publicImages) return "was public once";
  // The archive's one rule (lib/domains/evidence/retention.ts): a hold on any entry of the release, its
  // images or its legal requests, or an open legal request about it.
  const kept = await evidenceKeptBy(client, r.id, now);
  if (kept) return kept === "legal_hold" ? "legal hold" : "open legal request";
  // A decided request still points at the release as its evidence; deleting would cut that link.
  if (requests) return "legal request on file";
  if (corrections) return "correction on file";
  if (boosts || changes) return "paid boost or change";
  return null;
}

/** One release in its own transaction: lock, look again, delete only the state that was judged. */
async function purgeOne(
  id: number,
  cutoffs: { draft: Date; deleted: Date },
  now: Date,
): Promise<{ purged: PurgedRelease; files: number } | { kept: string }> {
  const outcome = await db.$transaction(async (tx): Promise<{ kept: string } | { purged: PurgedRelease; files: string[] }> => {
    // The row lock makes an edit that arrives now wait for us (every write to a release's images,
    // declarations or text takes it); one that committed before the lock shows in the re-read
    // (newer activity), and the draft is kept.
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM press_releases WHERE id = ${id} FOR UPDATE`;
    if (!locked.length) return { kept: "already gone" };
    const row = await tx.pressRelease.findUniqueOrThrow({ where: { id }, select: ROW });
    const lastActivity = (await releaseLastActivity(tx, [id])).get(id) ?? row.updatedAt;
    const reason = purgeReason(row, lastActivity, cutoffs);
    if (!reason) return { kept: "changed since it was selected" };
    const why = await keeper(tx, row, now);
    if (why) return { kept: why };
    const imageIds = (await tx.pressReleaseImage.findMany({ where: { pressReleaseId: id }, select: { id: true } })).map((i) => i.id);
    const files = await eraseUnpublishedImages(tx, imageIds, now);
    // The release's AI declarations leave with it: prisma/sql/insert-only.sql opens this door for
    // this transaction and for this one release's rows only.
    await tx.$executeRaw`SELECT set_config('app.allow_draft_purge', ${String(id)}, true)`;
    const deleted =
      await tx.$executeRaw`DELETE FROM press_releases WHERE id = ${id} AND published_ever_at IS NULL AND updated_at = ${row.updatedAt}`;
    if (deleted !== 1) throw new Error(`release ${id} changed under its lock`);
    await recordActivity(
      {
        type: ACTIVITY.releaseDraftPurged,
        subjectType: "press_release",
        subjectId: id,
        result: reason,
        metadata: { companyId: row.companyId, images: imageIds.length },
      },
      tx,
    );
    return { purged: { id, companyId: row.companyId, reason, images: imageIds.length }, files };
  });
  if (!("files" in outcome)) return { kept: outcome.kept };
  // After the commit: the rows no longer point at the files.
  await eraseFiles(outcome.files);
  return { purged: outcome.purged, files: outcome.files.length };
}

/**
 * Drafts never published and untouched for `days` (DRAFT_RETENTION_DAYS, default 365), and
 * releases the newsroom deleted before they were ever published, 30 days after the deletion.
 * Each goes in its own transaction with its images (rows, confirmations, snapshots, files
 * through the storage port). A dry run lists what would go and what is kept.
 */
export async function purgeDrafts(
  opts: { days?: number; dryRun?: boolean; now?: Date; batchSize?: number; afterSelect?: (ids: number[]) => Promise<void> } = {},
): Promise<PurgeDraftsResult> {
  const now = opts.now ?? new Date();
  const days = opts.days ?? getConfig().releases.draftRetentionDays;
  // The command and the variable refuse less already; a direct caller gets the same floor.
  if (!Number.isInteger(days) || days < MIN_DRAFT_RETENTION_DAYS)
    throw new AppError("validation_failed", `Drafts are kept at least ${MIN_DRAFT_RETENTION_DAYS} days (got ${days}).`);
  const cutoffs = {
    draft: new Date(now.getTime() - days * DAY_MS),
    deleted: new Date(now.getTime() - DELETED_RELEASE_RETENTION_DAYS * DAY_MS),
  };
  const result: PurgeDraftsResult = { days, dryRun: !!opts.dryRun, purged: [], kept: [], files: 0 };
  const newest = cutoffs.draft > cutoffs.deleted ? cutoffs.draft : cutoffs.deleted;
  let lastId = 0;
  for (;;) {
    // Walks press_releases_status_updated_at_idx: never-published statuses, older than the later
    // cutoff (newer work on images or declarations is checked next: it can only make them younger).
    const batch = await db.pressRelease.findMany({
      where: {
        id: { gt: lastId },
        status: { in: [...EDITABLE_STATUSES] },
        updatedAt: { lt: newest },
        publishedEverAt: null,
        publishedAt: null,
      },
      select: ROW,
      orderBy: { id: "asc" },
      take: opts.batchSize ?? 200,
    });
    if (!batch.length) break;
    lastId = batch[batch.length - 1]!.id;
    const activity = await releaseLastActivity(
      db,
      batch.map((r) => r.id),
    );
    const reasons = new Map(batch.map((r) => [r.id, purgeReason(r, activity.get(r.id) ?? r.updatedAt, cutoffs)]));
    const candidates = batch.filter((r) => reasons.get(r.id));
    await opts.afterSelect?.(candidates.map((c) => c.id));
    for (const r of candidates) {
      if (opts.dryRun) {
        const why = await keeper(db, r, now);
        if (why) result.kept.push({ id: r.id, why });
        else
          result.purged.push({
            id: r.id,
            companyId: r.companyId,
            reason: reasons.get(r.id)!,
            images: await db.pressReleaseImage.count({ where: { pressReleaseId: r.id } }),
          });
        continue;
      }
      const done = await purgeOne(r.id, cutoffs, now);
      if ("kept" in done) result.kept.push({ id: r.id, why: done.kept });
      else {
        result.purged.push(done.purged);
        result.files += done.files;
      }
    }
  }
  return result;
}
