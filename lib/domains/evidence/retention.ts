import type { DbOrTx } from "@/lib/core/db/client";
import { Prisma, type ArchiveEntryKind } from "@/lib/generated/prisma/client";
import { OPEN_STATUSES } from "@/lib/domains/legal-terms/request-status";
import { IMAGE_SUBJECT, LEGAL_REQUEST_SUBJECT, RELEASE_SUBJECT } from "./jobs";

// Hold and deletion rules of the evidence archive (spec 1.5; docs/images.md "Retention"). Every
// entry gets both dates when it is written: delete_after from its kind, hold_until from the hold
// in force on its release. Neither is signed, so a hold can be placed or lifted later.

/**
 * Years an entry is kept after the end of the calendar year (UTC) it was written in. Image
 * evidence answers claims over a published picture, which lapse at the latest ten years after
 * they arose whatever anyone knew (§ 199 Abs. 3 BGB); a legal request's record holds the
 * requester's personal data and answers claims from handling it, which lapse three years after
 * the end of the year the requester knew of them (§§ 195, 199 Abs. 1 BGB).
 */
const ARCHIVE_RETENTION_YEARS: Record<ArchiveEntryKind, number> = {
  image_original: 10,
  image_snapshot: 10,
  rights_confirmation: 10,
  image_removed: 10,
  release_snapshot: 10,
  legal_request: 3,
};

/** The longest hold compliance staff may place at once. */
export const MAX_HOLD_YEARS = 30;

/** The delete-after date of an entry of `kind` written (or last in use) at `from`: New Year after the retention years. */
export function deleteAfterFor(kind: ArchiveEntryKind, from: Date): Date {
  return new Date(Date.UTC(from.getUTCFullYear() + ARCHIVE_RETENTION_YEARS[kind] + 1, 0, 1));
}

/** The retention years of entry `e`'s kind, as SQL. */
const retentionYears = Prisma.sql`(CASE e.kind::text ${Prisma.join(
  Object.entries(ARCHIVE_RETENTION_YEARS).map(([kind, years]) => Prisma.sql`WHEN ${kind} THEN ${years}::int`),
  " ",
)} END)`;

/** deleteAfterFor in SQL, for entry `e` (its kind) counted from the year of `from` (a timestamptz). */
export const retentionEnd = (from: Prisma.Sql) =>
  Prisma.sql`make_timestamptz(extract(year FROM ${from} AT TIME ZONE 'UTC')::int + ${retentionYears} + 1, 1, 1, 0, 0, 0, 'UTC')`;

/** Every archive entry of release `releaseId` (SQL over alias `e`): the release's own, its images', its legal requests'. */
export const entryOfRelease = (releaseId: Prisma.Sql) => Prisma.sql`(
  (e.subject_type = ${RELEASE_SUBJECT} AND e.subject_id = ${releaseId})
  OR (e.subject_type = ${IMAGE_SUBJECT} AND e.subject_id IN (SELECT i.id FROM press_release_images i WHERE i.press_release_id = ${releaseId}))
  OR e.legal_request_id IN (SELECT l.id FROM legal_requests l WHERE l.press_release_id = ${releaseId}))`;

/**
 * The hold in force on a release's evidence: the latest hold_until still ahead among its
 * entries. A hold placed on a release covers what is written for it later as well.
 */
export async function holdInForce(client: DbOrTx, releaseId: number | null, now: Date): Promise<Date | null> {
  if (releaseId === null) return null;
  const [row] = await client.$queryRaw<[{ until: Date | null }]>`
    SELECT max(e.hold_until) AS until FROM archive_entries e WHERE e.hold_until > ${now} AND ${entryOfRelease(Prisma.sql`${releaseId}`)}`;
  return row?.until ?? null;
}

/**
 * What keeps a release's evidence now, whatever its dates say: a hold in force on any entry of
 * the release, its images or its legal requests (holdInForce), or a legal request about it still
 * open (the purge's heldByOpenRequest). Null when nothing does. Every purge that deletes evidence
 * of a release (originals of legacy images, never-published drafts, archive entries) asks this.
 */
export async function evidenceKeptBy(client: DbOrTx, releaseId: number, now: Date): Promise<"legal_hold" | "open_legal_request" | null> {
  if (await holdInForce(client, releaseId, now)) return "legal_hold";
  const open = await client.legalRequest.count({ where: { pressReleaseId: releaseId, status: { in: [...OPEN_STATUSES] } } });
  return open ? "open_legal_request" : null;
}

// The purge's conditions, as SQL over archive_entries `e`.

/** The release of entry `e`, as a scalar subquery (NULL when there is none). */
const releaseOfE = Prisma.sql`(CASE
  WHEN e.subject_type = ${RELEASE_SUBJECT} THEN e.subject_id
  WHEN e.subject_type = ${IMAGE_SUBJECT} THEN (SELECT i.press_release_id FROM press_release_images i WHERE i.id = e.subject_id)
  ELSE (SELECT l.press_release_id FROM legal_requests l WHERE l.id = COALESCE(e.legal_request_id, CASE WHEN e.subject_type = ${LEGAL_REQUEST_SUBJECT} THEN e.subject_id END))
END)`;

/** Past its delete-after date and under no dated hold. */
export const dueEntry = (now: Date) =>
  Prisma.sql`(e.delete_after IS NOT NULL AND e.delete_after <= ${now} AND (e.hold_until IS NULL OR e.hold_until <= ${now}))`;

/** A legal request still open (received, in review, approved) that names the entry or its release: a hold while it lasts. */
export const heldByOpenRequest = Prisma.sql`EXISTS (
  SELECT 1 FROM legal_requests l
  WHERE l.status::text = ANY(${[...OPEN_STATUSES]}::text[])
    AND (l.id = e.legal_request_id OR (e.subject_type = ${LEGAL_REQUEST_SUBJECT} AND l.id = e.subject_id) OR l.press_release_id = ${releaseOfE}))`;

/**
 * The entry's subject is still in use: an image not removed on a release not deleted (or a
 * release not deleted). Its evidence is never due, and its retention runs from its last use.
 */
export const subjectInUse = Prisma.sql`(
  (e.subject_type = ${IMAGE_SUBJECT} AND EXISTS (
    SELECT 1 FROM press_release_images i JOIN press_releases r ON r.id = i.press_release_id
    WHERE i.id = e.subject_id AND i.deleted_at IS NULL AND r.deleted_at IS NULL))
  OR (e.subject_type = ${RELEASE_SUBJECT} AND EXISTS (SELECT 1 FROM press_releases r WHERE r.id = e.subject_id AND r.deleted_at IS NULL)))`;
