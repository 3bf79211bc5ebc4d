// Billing periods run by the calendar in Europe/Berlin: a period that starts at midnight on the
// 1st in Berlin ends at midnight on the 1st of the next month in Berlin, across DST changes.

const ZONE = "Europe/Berlin";
const wallClockFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const monthLabelFormat = new Intl.DateTimeFormat("de-DE", { timeZone: ZONE, month: "long", year: "numeric" });

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

function wallClock(at: Date): WallClock {
  const p: Record<string, number> = {};
  for (const part of wallClockFormat.formatToParts(at)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second!, ms: at.getUTCMilliseconds() };
}

/** The instant at which Berlin's clocks show `w` (two passes: the first guess may sit across a DST switch). */
function fromWallClock(w: WallClock): Date {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);
  const offsetAt = (instant: number) => {
    const seen = wallClock(new Date(instant));
    return Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second, seen.ms) - instant;
  };
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return new Date(instant);
}

/** `at` plus whole calendar months in Berlin time; the 31st becomes the last day of a shorter month. */
export function addBerlinMonths(at: Date, months: number): Date {
  const w = wallClock(at);
  const index = w.year * 12 + (w.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return fromWallClock({ ...w, year, month, day: Math.min(w.day, lastDay) });
}

/**
 * The first of `anchor`, `anchor` + 1 month, + 2 months, ... (each counted from `anchor`, as
 * addBerlinMonths counts) that lies after `after`: where a monthly period running from `anchor`
 * first begins after that instant, whether or not anyone has invoiced the periods between.
 * grandfatheringStageSql computes the same in SQL (compared in grandfathering-rules.integration.test.ts).
 */
export function firstBerlinMonthStepAfter(anchor: Date, after: Date): Date {
  if (anchor > after) return anchor;
  const a = wallClock(anchor);
  const b = wallClock(after);
  // The step that lands in `after`'s month; the one after it is in the next month, so later.
  const months = (b.year - a.year) * 12 + (b.month - a.month);
  const inSameMonth = addBerlinMonths(anchor, months);
  return inSameMonth > after ? inSameMonth : addBerlinMonths(anchor, months + 1);
}

/** Midnight in Berlin at the start of a calendar day given as YYYY-MM-DD; null when it is no date. */
export function berlinStartOfDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return fromWallClock({ year, month, day: date, hour: 0, minute: 0, second: 0, ms: 0 });
}

/** "März 2026": the month a period starts in, as an invoice line names it. */
export function berlinMonthLabel(at: Date): string {
  return monthLabelFormat.format(at);
}

/** The calendar day of an instant in Berlin, YYYY-MM-DD (console output). */
export function berlinDay(at: Date): string {
  const w = wallClock(at);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}
