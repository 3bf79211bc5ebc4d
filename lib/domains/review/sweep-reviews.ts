import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { KI } from "@/lib/domains/releases/history";
import { inAutomaticReview } from "@/lib/domains/releases/live-newsroom";
import { recordPublicationHeldUp } from "@/lib/domains/releases/publication-held-up";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { requestSweptCheck } from "@/lib/domains/releases/request-check";
import { refreshAfterRefusal } from "@/lib/domains/releases/review-images";
import { awaitingAutomaticCheck } from "./checked-version";

// The automatic path heals itself instead of only alerting (docs/operations.md, "Health"): a
// check that never came (a job lost with its process, a queue emptied, a release written in
// review without one) is asked for again, and a release whose check passed but whose
// publication a business rule held up (quota, a missing image confirmation) is tried again
// once the rule may let it through (a new month, a booking, the owner's confirmation).

/** How long a release waits before the sweep steps in: below the 15 minutes after which /health calls it overdue. */
const SWEEP_AFTER_MINUTES = 10;
const BATCH = 500;

export interface ReviewSweep {
  /** Releases in review whose check of their current version was asked for again. */
  requested: number[];
  /** Blocked publications that went through now. */
  published: number[];
  /** Blocked publications still held up, with the business outcome. */
  blocked: { id: number; outcome: string }[];
  /** Releases a technical failure stopped (the others were swept all the same). */
  failed: { id: number; error: string }[];
}

/** Of the ids after `after` up to `upTo` (null: no upper bound). */
interface IdRange {
  after: number;
  upTo: number | null;
}

const inRange = (range: IdRange) => Prisma.sql`r.id > ${range.after} AND (${range.upTo}::int IS NULL OR r.id <= ${range.upTo}::int)`;

/** In review on the automatic path, no check of the current version in this round, untouched for SWEEP_AFTER_MINUTES (the health check's `overdue` rule, earlier). */
function uncheckedReleases(since: Date) {
  return (range: IdRange, limit: number) => db.$queryRaw<{ id: number; review_fingerprint: string | null }[]>`
    SELECT r.id, r.review_fingerprint FROM press_releases r
    WHERE ${awaitingAutomaticCheck} AND r.updated_at < ${since} AND ${inRange(range)}
    ORDER BY r.id
    LIMIT ${limit}`;
}

/** In review on the automatic path whose newest check, of the current version and not red, is older than SWEEP_AFTER_MINUTES: its publication was held up. */
function blockedPublications(since: Date, now: Date) {
  return (range: IdRange, limit: number) => db.$queryRaw<{ id: number }[]>`
    SELECT r.id FROM press_releases r
    CROSS JOIN LATERAL (
      SELECT c.result, c.review_fingerprint, c.created_at FROM press_release_classifications c
      WHERE c.press_release_id = r.id AND c.discarded_at IS NULL
      ORDER BY c.created_at DESC, c.id DESC LIMIT 1
    ) newest
    WHERE ${inAutomaticReview} AND (r.scheduled_at IS NULL OR r.scheduled_at <= ${now})
      AND newest.review_fingerprint = r.review_fingerprint AND newest.result <> 'red' AND newest.created_at < ${since}
      AND ${inRange(range)}
    ORDER BY r.id
    LIMIT ${limit}`;
}

/**
 * The next batch of a selection, in turns: each run goes on after the last release the previous
 * one took (a cursor in app_state) and wraps around at the end. Releases that stay blocked for
 * good (a quota never raised) never hold back the ones behind them, however many there are.
 */
async function nextTurn<T extends { id: number }>(
  key: string,
  select: (range: IdRange, limit: number) => Promise<T[]>,
  batch: number,
): Promise<T[]> {
  const cursor = await db.appState.findUnique({ where: { key } });
  const after = typeof cursor?.value === "number" ? cursor.value : 0;
  const rows = await select({ after, upTo: null }, batch);
  if (rows.length < batch && after > 0) rows.push(...(await select({ after: 0, upTo: after }, batch - rows.length)));
  const last = rows.at(-1)?.id ?? 0;
  // One statement: sweeps running at once may both write the cursor; the last one wins.
  await db.$executeRaw`INSERT INTO app_state (key, value, updated_at) VALUES (${key}, ${JSON.stringify(last)}::jsonb, now())
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`;
  return rows;
}

/** A technical failure of one release, as the run reports it: the error's last line (Prisma's first lines quote arguments). */
const failureOf = (err: unknown) => (err instanceof Error ? (err.message.trim().split("\n").at(-1) ?? err.name) : "unknown error");

/**
 * press-releases:sweep-reviews. Re-enqueues the check of every release in review without a check
 * of its current version (one request per version and hour, so concurrent or frequent sweeps
 * queue it once; a second job for a version already checked is discarded by the check itself),
 * then tries again each held-up publication as the automatic check would (publish() decides; a
 * business outcome is recorded once per release and outcome, not on every run). A technical
 * failure of one release is reported and the sweep goes on with the next.
 */
export async function sweepReviews(now = new Date(), opts: { batchSize?: number } = {}): Promise<ReviewSweep> {
  const since = new Date(now.getTime() - SWEEP_AFTER_MINUTES * 60_000);
  const batch = opts.batchSize ?? BATCH;
  const run: ReviewSweep = { requested: [], published: [], blocked: [], failed: [] };
  const fail = (id: number, err: unknown) => {
    run.failed.push({ id, error: failureOf(err) });
    console.error(`review sweep: release ${id} failed:`, failureOf(err));
  };
  for (const r of await nextTurn("review-sweep:unchecked", uncheckedReleases(since), batch)) {
    try {
      // A release written without a fingerprint gets one first; that asks for its check.
      if (r.review_fingerprint) await requestSweptCheck(r.id, r.review_fingerprint, now);
      else await refreshAfterRefusal(r.id, now);
      run.requested.push(r.id);
    } catch (err) {
      fail(r.id, err);
    }
  }
  for (const { id } of await nextTurn("review-sweep:blocked", blockedPublications(since, now), batch)) {
    try {
      await publishRelease({ releaseId: id, actor: KI, now });
      run.published.push(id);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) {
        fail(id, err);
        continue;
      }
      run.blocked.push({ id, outcome: err.code });
      try {
        await recordPublicationHeldUp(id, "in_review", KI, err, { oncePerOutcome: true });
      } catch (recordErr) {
        fail(id, recordErr);
      }
    }
  }
  return run;
}

export const sweepReviewsJob = defineJob({
  name: JOB.sweepReviews,
  retries: 1,
  timeoutSeconds: 240,
  handler: async (_payload, { step }) => {
    const run = await step.run("sweep", () => sweepReviews());
    // Every other release was swept; the failed ones make the run count as failed (reported, retried).
    if (run.failed.length)
      throw new Error(`review sweep: ${run.failed.length} releases failed (${run.failed.map((f) => f.id).join(", ")})`);
    return run;
  },
});
