import type { DbOrTx } from "@/lib/core/db/client";
import { EVENT_METRIC_SQL, VIEW_METRIC } from "./metrics";

/**
 * Books the events with `afterId < id <= upToId` (one batch of the view aggregation): adds them
 * per release, Berlin day and metric to release_daily_counts, per Berlin month to
 * release_monthly_counts, and the views to press_releases.hits. One statement, so the three
 * read the batch from one snapshot and always add up to the same numbers; set-based, however
 * many releases the batch touches. Run it in the transaction that moves the watermark: the
 * counts commit with it or not at all. Answers the views booked into hits.
 */
export async function bookEventCounts(tx: DbOrTx, batch: { afterId: number; upToId: number }): Promise<number> {
  const [row] = await tx.$queryRaw<{ views: number }[]>`
    WITH batch AS (
      SELECT press_release_id, (created_at AT TIME ZONE 'Europe/Berlin')::date AS day, ${EVENT_METRIC_SQL} AS metric, count(*)::int AS n
      FROM press_release_events
      WHERE id > ${batch.afterId} AND id <= ${batch.upToId}
      GROUP BY 1, 2, 3
    ), daily AS (
      INSERT INTO release_daily_counts AS t (press_release_id, day, metric, count)
      SELECT press_release_id, day, metric, n FROM batch
      ON CONFLICT (press_release_id, day, metric) DO UPDATE SET count = t.count + EXCLUDED.count
    ), monthly AS (
      INSERT INTO release_monthly_counts AS t (press_release_id, month, metric, count)
      SELECT press_release_id, date_trunc('month', day)::date, metric, sum(n)::int FROM batch GROUP BY 1, 2, 3
      ON CONFLICT (press_release_id, month, metric) DO UPDATE SET count = t.count + EXCLUDED.count
    ), hits AS (
      UPDATE press_releases p SET hits = p.hits + v.n
      FROM (SELECT press_release_id, sum(n)::int AS n FROM batch WHERE metric = ${VIEW_METRIC} GROUP BY 1) v
      WHERE p.id = v.press_release_id
      RETURNING v.n
    )
    SELECT coalesce(sum(n), 0)::int AS views FROM hits`;
  return row?.views ?? 0;
}
