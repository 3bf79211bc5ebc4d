import { berlinLocalToDate } from "@/lib/core/time/berlin-time";

// The reports' time range: whole calendar days in German time ("2026-03-01" to "2026-03-31",
// both included), whatever zone the server runs in. Pages read it from the query string, the
// console command from --from/--to; both end up with the same instants.
//
// A day from outside is only taken when it is plausible: from EARLIEST_DAY to a year after
// today. Far-off years are where the date arithmetic breaks (JavaScript writes year 10000 as
// "+010000", which sorts before "9999"), so they never get that far; and the arithmetic below
// throws rather than hand on a day it cannot write.

export interface ReportRange {
  /** First day, YYYY-MM-DD (Berlin). */
  fromDay: string;
  /** Last day, included. */
  toDay: string;
  /** Start of fromDay in Berlin. */
  from: Date;
  /** Start of the day after toDay in Berlin (exclusive). */
  to: Date;
}

/** How far back a report reaches at most: the event logs are kept 395 days (spec 6.1). */
export const MAX_RANGE_DAYS = 400;
/** No report has data before this day: the service did not exist. */
export const EARLIEST_DAY = "2000-01-01";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
const berlinDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" });

/** The Berlin calendar day of an instant, YYYY-MM-DD. */
export function berlinDayOf(date: Date): string {
  return berlinDay.format(date);
}

/** Days since 1970-01-01 of a YYYY-MM-DD that names a real day (years 0000-9999), else null. */
function dayNumber(day: unknown): number | null {
  const m = typeof day === "string" ? DAY.exec(day) : null;
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(0);
  // setUTCFullYear, not Date.UTC: that reads the years 0-99 as 1900-1999.
  d.setUTCFullYear(year, month - 1, date);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === date ? d.getTime() / MS_PER_DAY : null;
}

function dayOfNumber(n: number): string {
  const d = new Date(n * MS_PER_DAY);
  const year = d.getUTCFullYear();
  if (!Number.isInteger(year) || year < 0 || year > 9999) throw new RangeError(`day out of the years 0000-9999: ${n}`);
  return `${String(year).padStart(4, "0")}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
}

function requireDayNumber(day: string): number {
  const n = dayNumber(day);
  if (n === null) throw new RangeError(`not a day YYYY-MM-DD: ${JSON.stringify(day.slice(0, 40))}`);
  return n;
}

/** The last day a report can be asked for: a year after today (Berlin). */
export function latestDay(now = new Date()): string {
  const today = berlinDayOf(now);
  const next = `${String(Number(today.slice(0, 4)) + 1).padStart(4, "0")}${today.slice(4)}`;
  // 29 February a year on is 1 March.
  return dayNumber(next) === null ? addDays(`${next.slice(0, 8)}28`, 1) : next;
}

export type DayProblem = "malformed" | "implausible";

/** A day from outside: the day, or why it is none ("2026-02-30" is malformed, "9999-12-31" implausible). */
export function checkDay(raw: unknown, now = new Date()): { day: string } | { problem: DayProblem } {
  if (dayNumber(raw) === null) return { problem: "malformed" };
  const day = raw as string;
  return day < EARLIEST_DAY || day > latestDay(now) ? { problem: "implausible" } : { day };
}

/** A plausible YYYY-MM-DD (a real day from EARLIEST_DAY to a year after today), else null. */
export function parseDay(raw: unknown, now = new Date()): string | null {
  const checked = checkDay(raw, now);
  return "day" in checked ? checked.day : null;
}

/** The day `n` days after `day` (negative: before); a RangeError for what is no day or leaves the years 0000-9999. */
export function addDays(day: string, n: number): string {
  return dayOfNumber(requireDayNumber(day) + n);
}

/** Days from `fromDay` to `toDay`, both included (0 or less when swapped). */
export function dayCount(fromDay: string, toDay: string): number {
  return requireDayNumber(toDay) - requireDayNumber(fromDay) + 1;
}

/** Start of a Berlin day; a RangeError for what is no day. */
export function startOfBerlinDay(day: string): Date {
  requireDayNumber(day);
  const start = berlinLocalToDate(`${day}T00:00`);
  if (!start) throw new RangeError(`no start of day for ${day}`);
  return start;
}

/** The range of two days, in order and at most MAX_RANGE_DAYS long (else a RangeError: read requests with readRange). */
export function rangeOf(fromDay: string, toDay: string): ReportRange {
  const days = dayCount(fromDay, toDay);
  if (days < 1 || days > MAX_RANGE_DAYS) throw new RangeError(`a range has 1 to ${MAX_RANGE_DAYS} days, not ${days}`);
  return { fromDay, toDay, from: startOfBerlinDay(fromDay), to: startOfBerlinDay(addDays(toDay, 1)) };
}

/** Every day of the range in order (for per-day charts, days without rows included); at most MAX_RANGE_DAYS. */
export function daysOf(range: Pick<ReportRange, "fromDay" | "toDay">): string[] {
  const first = requireDayNumber(range.fromDay);
  const count = Math.min(Math.max(requireDayNumber(range.toDay) - first + 1, 0), MAX_RANGE_DAYS);
  return Array.from({ length: count }, (_, i) => dayOfNumber(first + i));
}

export type RangeInput = { from?: unknown; to?: unknown };

/** What was wrong with a request's range; readRange answered it with a range anyway. */
export type RangeProblem =
  { kind: DayProblem; field: "from" | "to" } | { kind: "swapped" } | { kind: "too_long"; days: number; toDay: string };

/**
 * The range a report was asked for, always a range: `to` defaults to today, `from` to
 * `defaultDays` before `to`; a day that is no plausible day is left out (its default instead),
 * swapped days are put in order and a range is cut to its last MAX_RANGE_DAYS days. Each of
 * these is a problem, for the page to show or the console to refuse. Empty means absent.
 */
export function readRange(input: RangeInput, opts: { defaultDays: number; now?: Date }): { range: ReportRange; problems: RangeProblem[] } {
  const now = opts.now ?? new Date();
  const problems: RangeProblem[] = [];
  const read = (field: "from" | "to"): string | null => {
    const raw = input[field];
    if (raw === undefined || raw === "") return null;
    const checked = checkDay(raw, now);
    if ("day" in checked) return checked.day;
    problems.push({ kind: checked.problem, field });
    return null;
  };
  const from = read("from");
  const to = read("to");
  let last = to ?? berlinDayOf(now);
  let first = from ?? addDays(last, -(opts.defaultDays - 1));
  if (first > last) {
    [first, last] = [last, first];
    problems.push({ kind: "swapped" });
  }
  const days = dayCount(first, last);
  if (days > MAX_RANGE_DAYS) {
    first = addDays(last, -(MAX_RANGE_DAYS - 1));
    problems.push({ kind: "too_long", days, toDay: last });
  }
  return { range: rangeOf(first, last), problems };
}

/**
 * readRange for the console: with `strict`, any problem is the reason the call is wrong (in
 * the console's English), else the range.
 */
export function parseRange(input: RangeInput, opts: { defaultDays: number; now?: Date; strict?: boolean }): ReportRange | string {
  // A bare --from arrives as true, and --from= as "": both are a wrong call, not a default.
  const strictInput = opts.strict ? { from: input.from === "" ? true : input.from, to: input.to === "" ? true : input.to } : input;
  const { range, problems } = readRange(strictInput, opts);
  const [problem] = problems;
  return opts.strict && problem ? rangeReason(problem, opts.now ?? new Date()) : range;
}

/** readRange for pages: the range and, in German, what was not taken as asked. */
export function pageRange(input: RangeInput, defaultDays: number, now = new Date()): { range: ReportRange; notices: string[] } {
  const { range, problems } = readRange(input, { defaultDays, now });
  return { range, notices: problems.map((p) => rangeNotice(p, now)) };
}

// What a report says when it could not take a time range as asked: in German on the page (the
// report is shown for the range in its filter, and the notice says why that differs from the
// URL), in English on the console (where the call is refused). Neither repeats what was sent.

const FIELD_LABELS = { from: "„Von“", to: "„Bis“" } as const;
const OPTIONS = { from: "--from", to: "--to" } as const;

/** "2027-11-24" as "24.11.2027". */
export function germanDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}.${m}.${y}`;
}

/** A problem in German, for the page. */
export function rangeNotice(problem: RangeProblem, now = new Date()): string {
  switch (problem.kind) {
    case "malformed":
      return `${FIELD_LABELS[problem.field]} ist kein gültiges Datum und wurde nicht übernommen.`;
    case "implausible":
      return `${FIELD_LABELS[problem.field]} liegt außerhalb des möglichen Zeitraums (${germanDay(EARLIEST_DAY)} bis ${germanDay(latestDay(now))}) und wurde nicht übernommen.`;
    case "swapped":
      return "„Von“ lag nach „Bis“; die beiden Tage wurden getauscht.";
    case "too_long":
      return `Ein Bericht umfasst höchstens ${MAX_RANGE_DAYS} Tage; gezeigt werden die ${MAX_RANGE_DAYS} Tage bis ${germanDay(problem.toDay)}.`;
  }
}

/** A problem in English, the reason a console call is wrong. */
function rangeReason(problem: RangeProblem, now: Date): string {
  switch (problem.kind) {
    case "malformed":
      return `${OPTIONS[problem.field]} must be a date YYYY-MM-DD`;
    case "implausible":
      return `${OPTIONS[problem.field]} must be a day from ${EARLIEST_DAY} to ${latestDay(now)}`;
    case "swapped":
      return "--from must not be after --to";
    case "too_long":
      return `the range has ${problem.days} days; at most ${MAX_RANGE_DAYS} are counted`;
  }
}
