// The dashboard speaks German local time: a datetime-local field ("2026-03-01T09:30") means
// Europe/Berlin, whatever zone the server runs in. Daylight-saving changes are handled by
// asking Intl for the zone's offset at the instant in question.

const ZONE = "Europe/Berlin";
const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function wallClock(date: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of parts.formatToParts(date)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out;
}

/** Offset of Berlin from UTC at `date`, in ms. */
function offsetAt(date: Date): number {
  const w = wallClock(date);
  return Date.UTC(w.year!, w.month! - 1, w.day!, w.hour!, w.minute!, w.second!) - Math.floor(date.getTime() / 1000) * 1000;
}

/** "YYYY-MM-DDTHH:mm" in Berlin → the instant; null when malformed. */
export function berlinLocalToDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(asUtc)) return null;
  // Two passes: the first guess may sit on the other side of a DST switch.
  let instant = asUtc - offsetAt(new Date(asUtc));
  instant = asUtc - offsetAt(new Date(instant));
  return new Date(instant);
}

/** The instant as a datetime-local value in Berlin time. */
export function dateToBerlinLocal(date: Date | null | undefined): string {
  if (!date) return "";
  const w = wallClock(date);
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, "0");
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const display = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeStyle: "short", timeZone: ZONE });

/** A date for German UI text, e.g. "03.03.2026, 09:30". */
export function formatBerlin(date: Date | null | undefined): string {
  return date ? display.format(date) : "–";
}

const displayDay = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeZone: ZONE });

/** A calendar day for German UI text, e.g. "03.03.2026". */
export function formatBerlinDay(date: Date | null | undefined): string {
  return date ? displayDay.format(date) : "–";
}
