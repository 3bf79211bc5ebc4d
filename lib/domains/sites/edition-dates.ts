import type { Edition } from "./sites";

// How the portals print a date, in the edition's language and Berlin time. Made once per
// process: building a formatter costs more than rendering the list it formats.
const locale = (edition: Edition) => (edition === "de" ? "de-DE" : "en-GB");
const DATES = {
  de: new Intl.DateTimeFormat(locale("de"), { dateStyle: "long", timeZone: "Europe/Berlin" }),
  en: new Intl.DateTimeFormat(locale("en"), { dateStyle: "long", timeZone: "Europe/Berlin" }),
};
const DATE_TIMES = {
  de: new Intl.DateTimeFormat(locale("de"), { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" }),
  en: new Intl.DateTimeFormat(locale("en"), { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" }),
};

/** "7. Dezember 2026" / "7 December 2026". */
export const editionDate = (edition: Edition): Intl.DateTimeFormat => DATES[edition];

/** "7. Dezember 2026 um 18:05" / "7 December 2026 at 18:05". */
export const editionDateTime = (edition: Edition): Intl.DateTimeFormat => DATE_TIMES[edition];
