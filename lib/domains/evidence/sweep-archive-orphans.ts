import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { EVIDENCE_EXPORT_PREFIX } from "./export";
import { clearReleaseMarkerIfIdle, lockRelease, openJobOfRelease, subjectExists } from "./jobs";

// archive:sweep-orphans. Open jobs whose subject is gone are closed ("subject gone"), release
// markers no open job backs are cleared, and evidence files nothing refers to are deleted.
// A file gets a day of grace: uploads store files before their rows commit. Exports are kept:
// they are the deliverable, and no row names them.

export const ORPHAN_FILE_MIN_AGE_MS = 24 * 60 * 60 * 1000;
const EVIDENCE_FOLDER = "evidence";
const PAGE = 5000;

export interface SweepResult {
  closedJobs: { id: number; operation: string; subjectType: string; subjectId: number }[];
  clearedMarkers: number[];
  deletedFiles: { key: string; lastModified: Date }[];
}

/** Every storage key a row points to: originals, snapshot files, archive entries. */
async function referencedKeys(): Promise<Set<string>> {
  const keys = new Set<string>();
  for (let after = 0; ;) {
    const rows = await db.pressReleaseImage.findMany({
      where: { id: { gt: after }, originalPath: { not: null } },
      orderBy: { id: "asc" },
      take: PAGE,
      select: { id: true, originalPath: true },
    });
    for (const r of rows) keys.add(r.originalPath!);
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  for (let after = 0; ;) {
    const rows = await db.pressReleaseImageSnapshot.findMany({
      where: { id: { gt: after } },
      orderBy: { id: "asc" },
      take: PAGE,
      select: { id: true, coverPath: true, jsonPath: true },
    });
    for (const r of rows) keys.add(r.coverPath).add(r.jsonPath);
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  for (let after = 0; ;) {
    const rows = await db.archiveEntry.findMany({
      where: { id: { gt: after }, storagePath: { not: null } },
      orderBy: { id: "asc" },
      take: PAGE,
      select: { id: true, storagePath: true },
    });
    for (const r of rows) keys.add(r.storagePath!);
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  return keys;
}

export async function sweepArchiveOrphans(opts: { dryRun: boolean; now?: Date }): Promise<SweepResult> {
  const now = opts.now ?? new Date();
  const closedJobs: SweepResult["closedJobs"] = [];
  const open = await db.archivePendingJob.findMany({
    where: { completedAt: null },
    orderBy: { id: "asc" },
    select: { id: true, operation: true, subjectType: true, subjectId: true },
  });
  for (const job of open) {
    if (await subjectExists(db, job)) continue;
    // Conditional: a job a runner completed meanwhile keeps its own outcome.
    const n = opts.dryRun
      ? 1
      : (
          await db.archivePendingJob.updateMany({
            where: { id: job.id, completedAt: null },
            data: { completedAt: now, lastError: "subject gone" },
          })
        ).count;
    if (n === 1) closedJobs.push(job);
  }

  // A marker of a release whose subject vanished could never be cleared by a completing job.
  // Each is cleared under the release lock, as a completing job does, so an enqueue racing the
  // sweep keeps its marker.
  const stale = await db.$queryRaw<{ id: number }[]>`
    SELECT r.id FROM press_releases r WHERE r.archive_pending_at IS NOT NULL AND NOT EXISTS (${openJobOfRelease(Prisma.sql`r.id`)}) ORDER BY r.id`;
  const clearedMarkers: number[] = [];
  for (const { id } of stale) {
    const cleared =
      opts.dryRun ||
      (await db.$transaction(async (tx) => {
        await lockRelease(tx, id);
        return clearReleaseMarkerIfIdle(tx, id);
      }));
    if (cleared) clearedMarkers.push(id);
  }

  // Listed before the references are read: a file referenced by then is kept.
  const candidates: { key: string; lastModified: Date }[] = [];
  for await (const file of getFileStorage().list(EVIDENCE_FOLDER)) {
    if (file.key.startsWith(EVIDENCE_EXPORT_PREFIX)) continue;
    if (now.getTime() - file.lastModified.getTime() < ORPHAN_FILE_MIN_AGE_MS) continue;
    candidates.push({ key: file.key, lastModified: file.lastModified });
  }
  const referenced = candidates.length ? await referencedKeys() : new Set<string>();
  const deletedFiles = candidates.filter((f) => !referenced.has(f.key)).sort((a, b) => a.key.localeCompare(b.key));
  if (!opts.dryRun) for (const f of deletedFiles) await getFileStorage().delete(f.key);
  return { closedJobs, clearedMarkers, deletedFiles };
}
