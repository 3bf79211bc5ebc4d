// The page of the reach report's release list, as a query string names it (`?page=2`). What
// is no page number is read as the first page, with a notice; the page does not repeat it.

/** Deeper pages list nothing anyone looks for; the bound keeps the OFFSET sane. */
export const MAX_REACH_PAGE = 10_000;

export function readReachPage(raw: string | string[] | undefined): { page: number; notice: string | null } {
  if (raw === undefined || raw === "") return { page: 1, notice: null };
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value && /^[1-9][0-9]{0,4}$/.test(value) && Number(value) <= MAX_REACH_PAGE) return { page: Number(value), notice: null };
  return { page: 1, notice: "Die angegebene Seite gibt es nicht; gezeigt wird die erste Seite." };
}

/** The notice when the list had fewer pages than asked for (it then shows its last). */
export function pastLastPageNotice(asked: number, shown: number): string | null {
  return asked > shown
    ? `Die Liste hat nur ${shown.toLocaleString("de-DE")} ${shown === 1 ? "Seite" : "Seiten"}; gezeigt wird die letzte.`
    : null;
}
