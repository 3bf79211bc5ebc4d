import { getCacheStore } from "@/lib/core/cache/store";
import { db } from "@/lib/core/db/client";
import { bookEventCounts } from "./reach/book-event-counts";

export const WATERMARK_KEY = "views_watermark";
const LOCK_KEY = "lock:aggregate-views";
/** Spec 8: a time budget of 480 s under a lock of 600 s. */
export const TIME_BUDGET_MS = 480_000;
export const LOCK_TTL_MS = 600_000;
const BATCH = 5_000;

export type AggregationResult =
  | { outcome: "done"; events: number; batches: number; watermark: number }
  | { outcome: "aborted"; reason: "locked" | "lock_lost" | "watermark_moved"; events: number };

async function readWatermark(): Promise<number | null> {
  const row = await db.appState.findUnique({ where: { key: WATERMARK_KEY } });
  return typeof row?.value === "number" ? row.value : null;
}

/**
 * Books the events into their counters (spec 6.1): views into press_releases.hits, and views,
 * shares per channel and mail clicks per release and Berlin day and month into the reach
 * report's counts (./reach/book-event-counts.ts). Progress is a watermark (the highest booked
 * event id) committed in the same transaction as the counters, so a crash between them loses
 * and double-counts nothing. The run holds a lock; it stops when the lock is lost, when the
 * watermark is not the one it expects (another run booked meanwhile), or when the time budget
 * is spent. A run that booked everything there was stamps the watermark's row, which the reach
 * report shows as "Stand". hits changes never touch updated_at.
 */
export async function aggregateViews(
  opts: {
    timeBudgetMs?: number;
    batchSize?: number;
    /** Test hooks: inside the booking transaction, and after each commit. */ beforeCommit?: () => Promise<void>;
    afterBatch?: () => Promise<void>;
  } = {},
): Promise<AggregationResult> {
  const store = getCacheStore();
  const token = await store.acquireLock(LOCK_KEY, LOCK_TTL_MS, { acrossInstances: true });
  if (!token) return { outcome: "aborted", reason: "locked", events: 0 };
  const started = Date.now();
  let events = 0;
  let batches = 0;
  try {
    await db.$executeRaw`INSERT INTO app_state (key, value, updated_at) VALUES (${WATERMARK_KEY}, '0'::jsonb, now()) ON CONFLICT (key) DO NOTHING`;
    let expected = (await readWatermark()) ?? 0;
    while (Date.now() - started < (opts.timeBudgetMs ?? TIME_BUDGET_MS)) {
      if ((await store.get(LOCK_KEY)) !== token) return { outcome: "aborted", reason: "lock_lost", events };
      // The batch ends at the n-th event after the watermark; shares move it along too.
      const [edge] = await db.$queryRaw<{ last: bigint | null }[]>`
        SELECT max(id) AS last FROM (SELECT id FROM press_release_events WHERE id > ${expected} ORDER BY id LIMIT ${opts.batchSize ?? BATCH}) batch`;
      if (edge?.last == null) {
        await markCaughtUp(expected);
        break;
      }
      const next = Number(edge.last);
      const views = await db.$transaction(async (tx) => {
        const moved = await tx.$executeRaw`
          UPDATE app_state SET value = to_jsonb(${next}::bigint), updated_at = now()
          WHERE key = ${WATERMARK_KEY} AND (value)::text::bigint = ${expected}`;
        if (moved !== 1) return null;
        const booked = await bookEventCounts(tx, { afterId: expected, upToId: next });
        await opts.beforeCommit?.();
        return booked;
      });
      if (views === null) return { outcome: "aborted", reason: "watermark_moved", events };
      events += views;
      batches++;
      expected = next;
      await opts.afterBatch?.();
    }
    return { outcome: "done", events, batches, watermark: expected };
  } finally {
    await store.releaseLock(LOCK_KEY, token);
  }
}

/** Stamps the watermark's row: at this moment every event up to it was booked (only while it is still `watermark`). */
async function markCaughtUp(watermark: number): Promise<void> {
  await db.$executeRaw`UPDATE app_state SET updated_at = now() WHERE key = ${WATERMARK_KEY} AND (value)::text::bigint = ${watermark}`;
}

/**
 * When the aggregation last booked events or found none left to book: the counts are this
 * fresh (the schedule runs every 10 minutes). Null before its first run.
 */
export async function lastAggregationAt(): Promise<Date | null> {
  const row = await db.appState.findUnique({ where: { key: WATERMARK_KEY }, select: { updatedAt: true } });
  return row?.updatedAt ?? null;
}

/** Retention: 395 days (spec 8). */
export const EVENT_RETENTION_DAYS = 395;

/**
 * press-releases:purge-events: deletes events older than 395 days, only those already booked
 * (id at or below the watermark). Without a watermark nothing is known to be booked: abort.
 */
export async function purgeEvents(now = new Date()): Promise<{ deleted: number }> {
  const watermark = await readWatermark();
  if (watermark === null) throw new Error("views watermark missing: refusing to purge events that may not be booked");
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  const deleted = await db.$executeRaw`DELETE FROM press_release_events WHERE created_at < ${cutoff} AND id <= ${watermark}`;
  return { deleted };
}
