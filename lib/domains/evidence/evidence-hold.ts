import { assertCan } from "@/lib/domains/accounts/permissions";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { OPEN_STATUSES } from "@/lib/domains/legal-terms/request-status";
import { entryOfRelease, holdInForce, MAX_HOLD_YEARS } from "./retention";

// The legal hold compliance staff place on a release's evidence (spec 1.5): every archive entry
// of the release, its images and its legal requests is kept until the date, whatever its
// delete-after date says; entries written later inherit it (retention.ts, holdInForce).

export const HOLD_REASON_MIN = 10;
const HOLD_REASON_MAX = 2000;

export interface EvidenceRetention {
  entries: number;
  /** The latest hold still ahead, or null. */
  holdUntil: Date | null;
  /** The earliest delete-after date among the entries. */
  nextDeleteAfter: Date | null;
  openLegalRequests: number;
}

/** What the admin page shows of a release's archive: entries, hold, next deletion. */
export async function evidenceRetentionOf(pressReleaseId: number, now = new Date()): Promise<EvidenceRetention> {
  const [row] = await db.$queryRaw<[{ entries: number; holdUntil: Date | null; nextDeleteAfter: Date | null }]>`
    SELECT count(*)::int AS entries, max(e.hold_until) FILTER (WHERE e.hold_until > ${now}) AS "holdUntil", min(e.delete_after) AS "nextDeleteAfter"
    FROM archive_entries e WHERE ${entryOfRelease(Prisma.sql`${pressReleaseId}`)}`;
  const openLegalRequests = await db.legalRequest.count({ where: { pressReleaseId, status: { in: [...OPEN_STATUSES] } } });
  return {
    entries: row?.entries ?? 0,
    holdUntil: row?.holdUntil ?? null,
    nextDeleteAfter: row?.nextDeleteAfter ?? null,
    openLegalRequests,
  };
}

/**
 * The hold date of the admin form (YYYY-MM-DD, inclusive): the hold lasts to the end of that day
 * (UTC), so it ends at the next midnight. A date that does not exist, one not ahead, or one more
 * than MAX_HOLD_YEARS away is a field issue on `until`.
 */
export function parseHoldUntil(value: string, now = new Date()): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m)
    throw new AppError("validation_failed", "Choose the date until which the evidence is kept.", undefined, [
      { path: "until", message: "is required" },
    ]);
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const day = new Date(Date.UTC(y, mo, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo || day.getUTCDate() !== d) {
    throw new AppError("validation_failed", "This date does not exist.", undefined, [{ path: "until", message: "out of range" }]);
  }
  const until = new Date(Date.UTC(y, mo, d + 1));
  assertHoldRange(until, now);
  return until;
}

function assertHoldRange(until: Date, now: Date): void {
  const latest = new Date(Date.UTC(now.getUTCFullYear() + MAX_HOLD_YEARS, now.getUTCMonth(), now.getUTCDate()));
  if (Number.isNaN(until.getTime()) || until <= now || until > latest) {
    throw new AppError("validation_failed", `A hold ends in the future and at most ${MAX_HOLD_YEARS} years ahead.`, undefined, [
      { path: "until", message: "out of range" },
    ]);
  }
}

/**
 * Places a hold on every archive entry of the release until `until`, or lifts it (`until`
 * null). A hold never shortens one already in force: an entry held longer (a hold placed for
 * another matter, inherited by an entry written later) keeps its later date; only lifting ends a
 * hold early. Needs compliance:manage and a reason; under the release lock, which the evidence
 * jobs take too, so an entry written at the same moment sees the hold or is covered by it.
 * Returns the entries and the hold in force afterwards (the latest date among them).
 */
export async function setEvidenceHold(opts: {
  actorUserId: number;
  pressReleaseId: number;
  until: Date | null;
  reason: string;
  now?: Date;
}): Promise<{ entries: number; until: Date | null }> {
  const now = opts.now ?? new Date();
  const reason = opts.reason.trim();
  if (reason.length < HOLD_REASON_MIN || reason.length > HOLD_REASON_MAX) {
    throw new AppError(
      "validation_failed",
      `State the reason for the hold (${HOLD_REASON_MIN} to ${HOLD_REASON_MAX} characters).`,
      undefined,
      [{ path: "reason", message: "is required" }],
    );
  }
  if (opts.until) assertHoldRange(opts.until, now);
  if (!isRecordId(opts.pressReleaseId)) throw notFound("Press release not found.");
  return db.$transaction(async (tx) => {
    await assertCan(opts.actorUserId, "compliance:manage", tx);
    // The release lock the evidence jobs take as well (lib/domains/evidence/jobs.ts, lockRelease).
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM press_releases WHERE id = ${opts.pressReleaseId} FOR UPDATE`;
    if (!locked.length) throw notFound("Press release not found.");
    const ofRelease = entryOfRelease(Prisma.sql`${opts.pressReleaseId}`);
    const entries = opts.until
      ? await tx.$executeRaw`UPDATE archive_entries e SET hold_until = GREATEST(e.hold_until, ${opts.until}::timestamptz) WHERE ${ofRelease}`
      : await tx.$executeRaw`UPDATE archive_entries e SET hold_until = NULL WHERE ${ofRelease}`;
    if (!entries) throw new AppError("conflict", "This press release has no archive entries to hold yet.");
    const until = opts.until ? await holdInForce(tx, opts.pressReleaseId, now) : null;
    await recordActivity(
      {
        actorUserId: opts.actorUserId,
        type: ACTIVITY.evidenceHoldSet,
        subjectType: "press_release",
        subjectId: opts.pressReleaseId,
        result: until ? until.toISOString() : "lifted",
        reason,
        metadata: { entries, ...(opts.until ? { requested: opts.until.toISOString() } : {}) },
      },
      tx,
    );
    return { entries, until };
  });
}
