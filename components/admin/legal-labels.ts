import type { LegalRequestSource, LegalRequestStatus, LegalRequestTrack, PressReleaseCorrectionKind } from "@/lib/generated/prisma/enums";
import { STATUS_LABELS, TRACK_LABELS } from "@/lib/domains/legal-terms/request-labels";
import type { Measure } from "@/lib/domains/legal-terms/request-status";

// The admin area's words for legal requests. Tracks and statuses read as the requester reads
// them (lib/domains/legal-terms/request-labels.ts); the rest is the editors' own vocabulary.

export const TRACK: Record<LegalRequestTrack, string> = TRACK_LABELS.de;
export const STATUS: Record<LegalRequestStatus, string> = STATUS_LABELS.de;

export const SOURCE: Record<LegalRequestSource, string> = { form: "Öffentliches Formular", customer: "Kundenbereich", admin: "Redaktion" };

export const MEASURE: Record<Measure, { label: string; hint: string }> = {
  text: {
    label: "Text ändern",
    hint: "Titel, Vorspann und Text werden zum Wortlaut, den Sie hier festlegen; die Seite zeigt einen datierten Hinweis.",
  },
  redact: {
    label: "Textstellen entfernen",
    hint: "Jede Fundstelle wird durch „[entfernt]“ ersetzt; die Seite zeigt einen datierten Hinweis.",
  },
  depublish: {
    label: "Depublizieren",
    hint: "Die Pressemitteilung verschwindet von allen öffentlichen Seiten und Feeds; das Korrekturprotokoll vermerkt sie mit Titel.",
  },
  none: {
    label: "Keine Änderung",
    hint: "An der Pressemitteilung ändert sich nichts; Ihr Vermerk hält fest, warum (etwa eine beantwortete Auskunft).",
  },
};

/**
 * Who reads the reasoning of a decision, by the way the request came in: the form's hint says
 * it as it is. A customer's request lists it for every member of the newsroom (the customer
 * area), a rejection included; any requester gets it with the mail once the request is carried out.
 */
export const DECISION_NOTE_READERS: Record<LegalRequestSource, string> = {
  customer:
    "Sehen alle Mitglieder des Newsrooms im Kundenbereich, auch bei einer Ablehnung; bei einer Umsetzung steht sie zudem in der Bestätigungsmail an den Antragsteller.",
  form: "Steht im Verlauf; bei einer Umsetzung erhält der Antragsteller sie mit der Bestätigungsmail, eine Ablehnung teilt ihm niemand automatisch mit.",
  admin: "Steht im Verlauf; bei einer Umsetzung erhält der Antragsteller sie mit der Bestätigungsmail.",
};

export const CORRECTION_KIND: Record<PressReleaseCorrectionKind, string> = {
  correction: "Korrektur",
  change: "Änderung",
  redaction: "Schwärzung",
  withdrawal: "Zurückgezogen",
};

/** The steps of the evidence trail (legal_request_events.type). */
export const EVENT: Record<string, string> = {
  received: "Eingegangen",
  review_started: "In Prüfung genommen",
  approved: "Stattgegeben",
  rejected: "Abgelehnt",
  executed: "Umgesetzt",
  withdrawn: "Zurückgezogen",
};

export const eventLabel = (type: string) => EVENT[type] ?? type;

const berlin = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
export const formatWhen = (date: Date) => berlin.format(date);
