import { storedNamesOf, type ActivityType } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { daysOf, type ReportRange } from "./report-range";

export interface DayCount {
  day: string;
  count: number;
}

/** Every day of the range with its count from `rows` (one per day that has any), 0 for the others. */
export function perDay(range: Pick<ReportRange, "fromDay" | "toDay">, rows: { day: string; n: number }[]): DayCount[] {
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  return daysOf(range).map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

/**
 * Entries per Berlin day of the range, days without entries included: the activity report's
 * chart. Read from the (created_at, id) or (type, created_at, id) index alone.
 */
export async function loadActivityPerDay(opts: { range: ReportRange; type?: ActivityType | null }): Promise<DayCount[]> {
  const typeCond = opts.type ? Prisma.sql`AND type = ANY(${storedNamesOf(opts.type)}::text[])` : Prisma.empty;
  const rows = await db.$queryRaw<{ day: string; n: number }[]>`
    SELECT to_char(created_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS day, count(*)::int AS n
    FROM activity_log
    WHERE created_at >= ${opts.range.from} AND created_at < ${opts.range.to} ${typeCond}
    GROUP BY 1`;
  return perDay(opts.range, rows);
}
