import type { DbOrTx, Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

// What archive jobs are about, and which release's collective marker (archive_pending_at) they
// keep set. Jobs name a subject; the release is found from it, never stored twice.

export type ArchiveOperation = "image_evidence" | "image_removed";

export const IMAGE_SUBJECT = "press_release_image";
export const RELEASE_SUBJECT = "press_release";
export const LEGAL_REQUEST_SUBJECT = "legal_request";

export interface ArchiveJobSubject {
  subjectType: string;
  subjectId: number;
}

/** A job failure with a message fit for last_error; the job stays open and is retried on a later run. */
export class ArchiveJobError extends Error {
  override name = "ArchiveJobError";
}

/** The release a subject belongs to, or null when the subject no longer exists. */
export async function releaseOfSubject(client: DbOrTx, subject: ArchiveJobSubject): Promise<number | null> {
  if (subject.subjectType === RELEASE_SUBJECT) {
    return (await client.pressRelease.findUnique({ where: { id: subject.subjectId }, select: { id: true } }))?.id ?? null;
  }
  if (subject.subjectType === IMAGE_SUBJECT) {
    return (
      (await client.pressReleaseImage.findUnique({ where: { id: subject.subjectId }, select: { pressReleaseId: true } }))?.pressReleaseId ??
      null
    );
  }
  return null;
}

/** Whether the subject row still exists. */
export async function subjectExists(client: DbOrTx, subject: ArchiveJobSubject): Promise<boolean> {
  return (await releaseOfSubject(client, subject)) !== null;
}

/** An open job of release `r` (alias of press_releases) or one of its images, as SQL. */
export const openJobOfRelease = (releaseId: Prisma.Sql) => Prisma.sql`
  SELECT 1 FROM archive_pending_jobs j
  WHERE j.completed_at IS NULL
    AND ((j.subject_type = ${RELEASE_SUBJECT} AND j.subject_id = ${releaseId})
      OR (j.subject_type = ${IMAGE_SUBJECT} AND j.subject_id IN (SELECT i.id FROM press_release_images i WHERE i.press_release_id = ${releaseId})))`;

/**
 * Locks the release row. Enqueueing touches the same row first, so a job completing and a job
 * being opened for one release never interleave: the marker is cleared only when no open job
 * exists, and evidence committed before the lock is seen by the completing job.
 */
export async function lockRelease(tx: Tx, releaseId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM press_releases WHERE id = ${releaseId} FOR UPDATE`;
}

/** Clears archive_pending_at when the release has no open job left; call after lockRelease. */
export async function clearReleaseMarkerIfIdle(tx: Tx, releaseId: number): Promise<boolean> {
  const cleared = await tx.$executeRaw`
    UPDATE press_releases SET archive_pending_at = NULL
    WHERE id = ${releaseId} AND archive_pending_at IS NOT NULL AND NOT EXISTS (${openJobOfRelease(Prisma.sql`${releaseId}`)})`;
  return cleared === 1;
}
