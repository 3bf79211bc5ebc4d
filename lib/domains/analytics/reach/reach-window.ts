import { addDays, berlinDayOf } from "@/lib/domains/reports/report-range";
import { EVENT_RETENTION_DAYS } from "../aggregate-views";

// The calendar spans the reach report draws: Berlin days for one release, Berlin months for a
// newsroom or a portal.

/** The views-per-day chart reaches back this many days at most: as far as single events are kept. */
export const REACH_DAYS = EVENT_RETENTION_DAYS;
/** The monthly chart: the current month and the eleven before it. */
export const REACH_MONTHS = 12;

export interface DayWindow {
  fromDay: string;
  toDay: string;
}

/**
 * The days from the publication day to today (Berlin), at most the last REACH_DAYS; null before
 * the publication (a release under embargo, or none yet).
 */
export function viewDays(publishedAt: Date | null, now: Date): DayWindow | null {
  if (!publishedAt || publishedAt > now) return null;
  const toDay = berlinDayOf(now);
  const earliest = addDays(toDay, -(REACH_DAYS - 1));
  const published = berlinDayOf(publishedAt);
  return { fromDay: published > earliest ? published : earliest, toDay };
}

/** "YYYY-MM" of the Berlin month `n` months after the month of `month` (negative: before). */
export function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The last `count` Berlin months up to the one of `now`, oldest first ("YYYY-MM"). */
export function lastMonths(now: Date, count = REACH_MONTHS): string[] {
  const current = berlinDayOf(now).slice(0, 7);
  return Array.from({ length: count }, (_, i) => addMonths(current, i - (count - 1)));
}
