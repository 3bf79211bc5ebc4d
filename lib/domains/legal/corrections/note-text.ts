import type { Language, PressReleaseCorrectionKind } from "@/lib/generated/prisma/client";

// How a public correction note reads, in the release's language: one wording for the release
// page, its feed item, the correction log and its feed. Pure: rendered on the server and in
// tests alike. Dates are the day in Europe/Berlin, where the editors work.

const LABELS: Record<Language, Record<PressReleaseCorrectionKind, string>> = {
  de: { correction: "Korrektur vom", change: "Änderung vom", redaction: "Schwärzung vom", withdrawal: "Zurückgezogen am" },
  en: { correction: "Correction of", change: "Update of", redaction: "Redaction of", withdrawal: "Withdrawn on" },
};

/** What a kind is called in the log's list and feed categories. */
export const KIND_NAMES: Record<Language, Record<PressReleaseCorrectionKind, string>> = {
  de: { correction: "Korrektur", change: "Änderung", redaction: "Schwärzung", withdrawal: "Zurückgezogen" },
  en: { correction: "Correction", change: "Update", redaction: "Redaction", withdrawal: "Withdrawn" },
};

/** The notes an editor need not write: a redaction and a withdrawal say the same each time. */
export const DEFAULT_NOTES: Record<Language, Partial<Record<PressReleaseCorrectionKind, string>>> = {
  de: { redaction: "Passagen aus rechtlichen Gründen entfernt.", withdrawal: "Aus rechtlichen Gründen zurückgezogen." },
  en: { redaction: "Passages removed for legal reasons.", withdrawal: "Withdrawn for legal reasons." },
};

/** Kinds whose note stands on the release page and in its feed item (a withdrawn release has no page). */
export const NOTE_ON_PAGE_KINDS = ["correction", "change", "redaction"] as const satisfies readonly PressReleaseCorrectionKind[];

const DATE_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" }),
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Berlin" }),
};

/** "24.11.2026" or "24 November 2026". */
export function correctionDate(date: Date, language: Language): string {
  return DATE_FORMATS[language].format(date);
}

/** "Korrektur vom 24.11.2026" / "Correction of 24 November 2026". */
export function correctionHeading(kind: PressReleaseCorrectionKind, date: Date, language: Language): string {
  return `${LABELS[language][kind]} ${correctionDate(date, language)}`;
}

/** The whole note as one line: "Korrektur vom 24.11.2026: Das Datum war falsch." */
export function correctionLine(c: { kind: PressReleaseCorrectionKind; createdAt: Date; note: string }, language: Language): string {
  return `${correctionHeading(c.kind, c.createdAt, language)}: ${c.note}`;
}
