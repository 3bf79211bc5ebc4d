import { db } from "@/lib/core/db/client";
import { IMAGE_SUBJECT } from "./jobs";
import { enqueueArchiveJob, runPendingArchiveJobs, type RunPendingResult } from "./pending-jobs";

// archive:reregister: every image that was ever public and has no image_original entry gets an
// image_evidence job (for images published before the archive, or whose job was lost), and
// the open jobs are then worked off.

const PAGE = 500;

export interface ReregisterResult {
  images: { imageId: number; pressReleaseId: number }[];
  /** Null on a dry run. */
  run: RunPendingResult | null;
}

export async function reregisterImages(opts: { dryRun: boolean }): Promise<ReregisterResult> {
  const images: ReregisterResult["images"] = [];
  for (let after = 0; ;) {
    const rows = await db.$queryRaw<{ id: number; pressReleaseId: number }[]>`
      SELECT i.id, i.press_release_id AS "pressReleaseId" FROM press_release_images i
      WHERE i.id > ${after} AND i.published_ever_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM archive_entries e WHERE e.kind = 'image_original' AND e.subject_type = ${IMAGE_SUBJECT} AND e.subject_id = i.id)
      ORDER BY i.id LIMIT ${PAGE}`;
    for (const r of rows) images.push({ imageId: r.id, pressReleaseId: r.pressReleaseId });
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  if (opts.dryRun) return { images, run: null };
  for (const image of images) {
    await db.$transaction((tx) =>
      enqueueArchiveJob(tx, {
        operation: "image_evidence",
        subjectType: IMAGE_SUBJECT,
        subjectId: image.imageId,
        pressReleaseId: image.pressReleaseId,
      }),
    );
  }
  // Every open job once, those just opened included; a job fails at most once per run.
  const open = await db.archivePendingJob.count({ where: { completedAt: null } });
  return { images, run: await runPendingArchiveJobs({ limit: Math.max(open, 1) }) };
}
