import { isActivityType, type ActivityType } from "@/lib/domains/activity/types";
import { withoutUnstorableChars } from "@/lib/core/input/text";
import {
  addDays,
  checkDay,
  dayCount,
  EARLIEST_DAY,
  latestDay,
  rangeNotice,
  rangeOf,
  readRange,
  startOfBerlinDay,
  type ReportRange,
} from "./report-range";

// What the activity report was asked for (spec 4.3: event type, time range, search) and where
// a page starts: read from a page's query string, anything malformed dropped and said so.

export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_SEARCH_MAX = 200;
/** The chart shows at most this many days: the last ones of the chosen range. */
export const ACTIVITY_CHART_DAYS = 92;
const MAX_WORDS = 8;

export interface ActivityCursor {
  createdAt: Date;
  id: bigint;
}

export interface ActivityQuery {
  type: ActivityType | null;
  /** Days YYYY-MM-DD (Berlin), both optional. */
  fromDay: string | null;
  toDay: string | null;
  q: string;
  /** Older than this entry (the next page), or newer than `after` (the previous one). */
  before: ActivityCursor | null;
  after: ActivityCursor | null;
}

export function encodeCursor(c: ActivityCursor): string {
  return `${c.createdAt.getTime()}.${c.id}`;
}

/**
 * A page's cursor "<ms>.<id>", else null: a positive id within bigint, an instant within the
 * days a report can be asked for (nothing else is a row's), so no far-off year reaches a query.
 */
export function decodeCursor(raw: unknown, now = new Date()): ActivityCursor | null {
  const m = typeof raw === "string" ? /^(\d{1,15})\.(\d{1,19})$/.exec(raw) : null;
  if (!m) return null;
  const ms = Number(m[1]);
  const id = BigInt(m[2]!);
  const earliest = startOfBerlinDay(EARLIEST_DAY).getTime();
  const latest = startOfBerlinDay(addDays(latestDay(now), 1)).getTime();
  return id > 0n && id <= 9_223_372_036_854_775_807n && ms >= earliest && ms < latest ? { createdAt: new Date(ms), id } : null;
}

/** A single value; a repeated parameter (an array) is none. */
const single = (v: unknown): unknown => (Array.isArray(v) ? undefined : v);
const present = (v: unknown) => v !== undefined && v !== "";

const NOTICES = {
  type: "Das gewählte Ereignis gibt es nicht; gezeigt werden alle Ereignisse.",
  cursor: "Der Verweis auf die Seite ist ungültig; gezeigt werden die neuesten Einträge.",
};

/**
 * The report's query from a page's search parameters: what is malformed is dropped, and the
 * notices say so in German (a date, an event type, a page cursor). A repeated parameter counts
 * as malformed, except the search, which reads its first value.
 */
export function readActivityQuery(
  params: Record<string, string | string[] | undefined>,
  now = new Date(),
): { query: ActivityQuery; notices: string[] } {
  const notices: string[] = [];
  const rawType = single(params.type);
  const type = typeof rawType === "string" && isActivityType(rawType) ? rawType : null;
  if (!type && present(params.type)) notices.push(NOTICES.type);

  const day = (field: "from" | "to"): string | null => {
    if (!present(params[field])) return null;
    const checked = checkDay(single(params[field]), now);
    if ("day" in checked) return checked.day;
    notices.push(rangeNotice({ kind: checked.problem, field }, now));
    return null;
  };
  const fromDay = day("from");
  const toDay = day("to");
  if (fromDay && toDay && fromDay > toDay) notices.push(rangeNotice({ kind: "swapped" }, now));

  const rawQ = Array.isArray(params.q) ? params.q[0] : params.q;
  const q =
    typeof rawQ === "string"
      ? withoutUnstorableChars(rawQ.slice(0, ACTIVITY_SEARCH_MAX * 2))
          .trim()
          .slice(0, ACTIVITY_SEARCH_MAX)
      : "";

  const cursor = (name: "before" | "after"): ActivityCursor | null => {
    if (!present(params[name])) return null;
    const decoded = decodeCursor(single(params[name]), now);
    if (!decoded && !notices.includes(NOTICES.cursor)) notices.push(NOTICES.cursor);
    return decoded;
  };
  const before = cursor("before");
  const after = before ? null : cursor("after");
  return { query: { type, fromDay, toDay, q, before, after }, notices };
}

/** The report's query from a page's search parameters; anything malformed is dropped. */
export function parseActivityQuery(params: Record<string, string | string[] | undefined>, now = new Date()): ActivityQuery {
  return readActivityQuery(params, now).query;
}

/** The time range of a query (null ends are open); swapped days are put in order. */
export function activityRange(query: Pick<ActivityQuery, "fromDay" | "toDay">): { from: Date | null; to: Date | null } {
  const [a, b] = orderedDays(query);
  return { from: a ? startOfBerlinDay(a) : null, to: b ? startOfBerlinDay(addDays(b, 1)) : null };
}

function orderedDays(query: Pick<ActivityQuery, "fromDay" | "toDay">): [string | null, string | null] {
  const swapped = query.fromDay && query.toDay && query.fromDay > query.toDay;
  return swapped ? [query.toDay, query.fromDay] : [query.fromDay, query.toDay];
}

/** The chart's days: the last ACTIVITY_CHART_DAYS of the query's range, else of the last 30 days. */
export function activityChartRange(query: Pick<ActivityQuery, "fromDay" | "toDay">, now = new Date()): ReportRange {
  const [a, b] = orderedDays(query);
  const { range } = readRange({ from: a ?? "", to: b ?? "" }, { defaultDays: 30, now });
  return dayCount(range.fromDay, range.toDay) > ACTIVITY_CHART_DAYS
    ? rangeOf(addDays(range.toDay, -(ACTIVITY_CHART_DAYS - 1)), range.toDay)
    : range;
}

/** The search's words as a prefix tsquery ("insolv kund" → 'insolv':* & 'kund':*), or null. */
export function searchTsQuery(q: string): string | null {
  const words = q
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, MAX_WORDS);
  if (!words.length) return null;
  return words.map((w) => `'${w.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`).join(" & ");
}
