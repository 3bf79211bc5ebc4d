import { Prisma } from "@/lib/generated/prisma/client";
import { SHARE_CHANNELS } from "../shares";

// The names the reach counts are booked under (release_daily_counts, release_monthly_counts):
// "view", "share:<channel>" and "mail_click". Numbers only: no event names a person.

export const VIEW_METRIC = "view";
export const MAIL_CLICK_METRIC = "mail_click";
export const SHARE_METRIC_PREFIX = "share:";

export type ShareChannel = (typeof SHARE_CHANNELS)[number] | "unknown";
/** The four channels a reader can choose, and "unknown" for share events stored without one. */
export const REPORTED_CHANNELS: readonly ShareChannel[] = [...SHARE_CHANNELS, "unknown"];

/**
 * The metric of a press_release_events row, in SQL: the same expression the migration used to
 * fill the counts from the events booked before it, so old and new rows add up under one name.
 */
export const EVENT_METRIC_SQL = Prisma.sql`CASE WHEN type = 'share' THEN 'share:' || coalesce(channel, 'unknown') ELSE type::text END`;

/** The channel of a "share:<channel>" metric, or null for any other metric. */
export function channelOfMetric(metric: string): ShareChannel | null {
  if (!metric.startsWith(SHARE_METRIC_PREFIX)) return null;
  const channel = metric.slice(SHARE_METRIC_PREFIX.length);
  return (REPORTED_CHANNELS as readonly string[]).includes(channel) ? (channel as ShareChannel) : "unknown";
}
