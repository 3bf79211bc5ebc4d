// Boost dates as the customer reads them: German, Berlin time ("3. März 2026 um 09:30 Uhr").
const BERLIN = new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" });

export function formatBoostDate(date: Date): string {
  return `${BERLIN.format(date)} Uhr`;
}
