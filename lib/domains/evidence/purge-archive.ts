import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type Tx } from "@/lib/core/db/client";
import { Prisma, type ArchiveEntryKind } from "@/lib/generated/prisma/client";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { eraseFiles } from "@/lib/core/storage/files";
import { dueEntry, heldByOpenRequest, retentionEnd, subjectInUse } from "./retention";

// archive:purge (spec 1.5: the archive keeps evidence "under hold and deletion rules"). Entries
// past their delete-after date go with the files they name; never one under a dated hold, one
// an open legal request concerns, or one whose image is still in use. Several purges may run at
// once: each entry is deleted by exactly one of them (the DELETE decides), and only that one
// erases its files, after its transaction committed.

export const ARCHIVE_PURGE_BATCH = 500;

export interface PurgedEntry {
  id: number;
  kind: ArchiveEntryKind;
  subjectType: string;
  subjectId: number;
}

export interface PurgeArchiveResult {
  dryRun: boolean;
  /** Entries written before dates were set, dated now from their creation (a dry run counts them). */
  dated: number;
  /** Entries of a subject still in use whose delete-after date moved on to the retention from this year. */
  extended: number;
  purged: PurgedEntry[];
  /** Stored files erased (a dry run: that would be erased unless something else still names them). */
  files: string[];
  /** Past their delete-after date but kept, by reason. */
  kept: { legalHold: number; openLegalRequest: number; inUse: number };
}

const purgeable = (now: Date) => Prisma.sql`${dueEntry(now)} AND NOT ${heldByOpenRequest} AND NOT ${subjectInUse}`;

interface DeletedRow extends PurgedEntry {
  storagePath: string | null;
  payload: unknown;
}

const stringAt = (payload: unknown, key: string): string | null => {
  const v = payload && typeof payload === "object" ? (payload as Record<string, unknown>)[key] : null;
  return typeof v === "string" && v ? v : null;
};

/** The stored files an entry names: its storage path, and a snapshot's cover. */
function filesOf(row: Pick<DeletedRow, "kind" | "storagePath" | "payload">): string[] {
  return [row.storagePath, row.kind === "image_snapshot" ? stringAt(row.payload, "coverPath") : null].filter((p): p is string => !!p);
}

/** Of these paths, those a row still names (an entry, an image's original, a snapshot): their files stay. */
async function stillNamed(tx: Tx, paths: string[]): Promise<Set<string>> {
  if (!paths.length) return new Set();
  const rows = await tx.$queryRaw<{ path: string }[]>`
    SELECT storage_path AS path FROM archive_entries WHERE storage_path = ANY(${paths}::text[])
    UNION SELECT payload->>'coverPath' FROM archive_entries WHERE kind = 'image_snapshot' AND payload->>'coverPath' = ANY(${paths}::text[])
    UNION SELECT original_path FROM press_release_images WHERE original_path = ANY(${paths}::text[])
    UNION SELECT cover_path FROM press_release_image_snapshots WHERE cover_path = ANY(${paths}::text[])
    UNION SELECT json_path FROM press_release_image_snapshots WHERE json_path = ANY(${paths}::text[])`;
  return new Set(rows.map((r) => r.path));
}

/**
 * Deletes the batch's entries that are still due (the conditions are checked again by the
 * DELETE itself, so a hold or a legal request that arrived since the selection keeps an entry),
 * with what points at their files: an image's original_path, a snapshot row. Returns the files
 * no row names any longer.
 */
async function purgeBatch(tx: Tx, ids: number[], now: Date): Promise<{ rows: PurgedEntry[]; files: string[] }> {
  const deleted = await tx.$queryRaw<DeletedRow[]>`
    DELETE FROM archive_entries e WHERE e.id = ANY(${ids}::int[]) AND ${purgeable(now)}
    RETURNING e.id, e.kind, e.subject_type AS "subjectType", e.subject_id AS "subjectId", e.storage_path AS "storagePath", e.payload`;
  const paths = new Set<string>();
  for (const row of deleted) {
    if (row.kind === "image_original" && row.storagePath) {
      await tx.$executeRaw`UPDATE press_release_images SET original_path = NULL WHERE id = ${row.subjectId} AND original_path = ${row.storagePath}`;
    }
    const snapshotId = row.kind === "image_snapshot" ? (row.payload as Record<string, unknown> | null)?.["snapshotId"] : null;
    if (typeof snapshotId === "number")
      await tx.$executeRaw`DELETE FROM press_release_image_snapshots WHERE id = ${snapshotId} AND image_id = ${row.subjectId}`;
    for (const p of filesOf(row)) paths.add(p);
  }
  const named = await stillNamed(tx, [...paths]);
  const files = [...paths].filter((p) => !named.has(p)).sort();
  const rows = deleted.map(({ id, kind, subjectType, subjectId }) => ({ id, kind, subjectType, subjectId }));
  if (rows.length) {
    await recordActivity(
      {
        type: ACTIVITY.evidencePurged,
        subjectType: "archive_entries",
        result: `${rows.length} entries`,
        metadata: { entryIds: rows.map((r) => r.id), files: files.length },
      },
      tx,
    );
  }
  return { rows, files };
}

/**
 * Dates what has no dates yet, moves on the retention of subjects still in use, then deletes
 * every entry past its delete-after date that no hold keeps, batch by batch, each batch in its
 * own short transaction; files are erased after it commits. `dryRun` changes nothing.
 */
export async function purgeArchive(opts: { dryRun?: boolean; now?: Date; batchSize?: number } = {}): Promise<PurgeArchiveResult> {
  const now = opts.now ?? new Date();
  const dryRun = !!opts.dryRun;
  const at = Prisma.sql`${now}::timestamptz`;
  const result: PurgeArchiveResult = {
    dryRun,
    dated: 0,
    extended: 0,
    purged: [],
    files: [],
    kept: { legalHold: 0, openLegalRequest: 0, inUse: 0 },
  };

  // Counted before the in-use entries move on: what this run finds past its date and keeps.
  const [kept] = await db.$queryRaw<[PurgeArchiveResult["kept"]]>`
    SELECT count(*) FILTER (WHERE e.hold_until > ${now})::int AS "legalHold",
           count(*) FILTER (WHERE (e.hold_until IS NULL OR e.hold_until <= ${now}) AND ${heldByOpenRequest})::int AS "openLegalRequest",
           count(*) FILTER (WHERE (e.hold_until IS NULL OR e.hold_until <= ${now}) AND NOT ${heldByOpenRequest} AND ${subjectInUse})::int AS "inUse"
    FROM archive_entries e WHERE e.delete_after <= ${now}`;
  result.kept = kept;
  if (dryRun) {
    const [counts] = await db.$queryRaw<[{ dated: number; extended: number }]>`
      SELECT count(*) FILTER (WHERE e.delete_after IS NULL)::int AS dated,
             count(*) FILTER (WHERE e.delete_after < ${retentionEnd(at)} AND ${subjectInUse})::int AS extended
      FROM archive_entries e`;
    Object.assign(result, counts);
  } else {
    // Entries from before the dates were set count from their creation.
    result.dated =
      await db.$executeRaw`UPDATE archive_entries e SET delete_after = ${retentionEnd(Prisma.sql`e.created_at`)} WHERE e.delete_after IS NULL`;
    // Evidence of an image in use stays: its retention runs from the last year the purge saw it in use.
    result.extended =
      await db.$executeRaw`UPDATE archive_entries e SET delete_after = ${retentionEnd(at)} WHERE e.delete_after < ${retentionEnd(at)} AND ${subjectInUse}`;
  }

  const batchSize = opts.batchSize ?? ARCHIVE_PURGE_BATCH;
  let after = 0;
  for (;;) {
    const batch = await db.$queryRaw<DeletedRow[]>`
      SELECT e.id, e.kind, e.subject_type AS "subjectType", e.subject_id AS "subjectId", e.storage_path AS "storagePath", e.payload
      FROM archive_entries e WHERE e.id > ${after} AND ${purgeable(now)} ORDER BY e.id LIMIT ${batchSize}`;
    if (!batch.length) break;
    after = batch[batch.length - 1]!.id;
    if (dryRun) {
      for (const row of batch) {
        result.purged.push({ id: row.id, kind: row.kind, subjectType: row.subjectType, subjectId: row.subjectId });
        result.files.push(...filesOf(row));
      }
      continue;
    }
    const done = await db.$transaction((tx) =>
      purgeBatch(
        tx,
        batch.map((r) => r.id),
        now,
      ),
    );
    result.purged.push(...done.rows);
    // After the commit: no row points at these files any more.
    await eraseFiles(done.files);
    result.files.push(...done.files);
  }
  return result;
}

/** Daily: the archive:purge command (entries past their delete-after date that no hold keeps). */
export const purgeArchiveJob = defineJob({
  name: JOB.purgeArchive,
  retries: 1,
  timeoutSeconds: 900,
  handler: async (_payload, { step }) =>
    step.run("purge", async () => {
      const r = await purgeArchive();
      return { purged: r.purged.length, files: r.files.length, extended: r.extended, dated: r.dated, kept: r.kept };
    }),
});
