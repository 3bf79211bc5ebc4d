import type { Edition } from "@/lib/domains/sites";

const FORMATS: Record<Edition, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" }),
  en: new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" }),
};

/** An embargo or an end as the banner states it: Berlin time, named, since recipients may be elsewhere. */
export function previewTime(date: Date, edition: Edition): string {
  return `${FORMATS[edition].format(date)} ${edition === "de" ? "Uhr (Berliner Zeit)" : "(Berlin time)"}`;
}
