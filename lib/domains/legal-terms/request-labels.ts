import type { LegalRequestStatus, LegalRequestTrack } from "@/lib/generated/prisma/client";
import type { Edition } from "@/lib/domains/sites";

// How the intake side names tracks and statuses to requesters, in both languages (the public
// form, the customer's modal and list, the receipt mail). Pure: client components use it too.

export const TRACK_LABELS: Record<Edition, Record<LegalRequestTrack, string>> = {
  de: {
    correction: "Berichtigung",
    change: "Änderung",
    redaction: "Schwärzung",
    depublication: "Depublizierung",
    report: "Hinweis auf einen Rechtsverstoß",
    dsgvo: "Datenschutzanfrage (DSGVO)",
    personal_rights: "Verletzung von Persönlichkeitsrechten",
  },
  en: {
    correction: "Correction",
    change: "Change",
    redaction: "Redaction",
    depublication: "Depublication",
    report: "Report of a legal violation",
    dsgvo: "Data protection request (GDPR)",
    personal_rights: "Violation of personal rights",
  },
};

export const STATUS_LABELS: Record<Edition, Record<LegalRequestStatus, string>> = {
  de: {
    received: "Eingegangen",
    in_review: "In Prüfung",
    approved: "Genehmigt",
    rejected: "Abgelehnt",
    executed: "Umgesetzt",
    withdrawn: "Zurückgezogen",
  },
  en: {
    received: "Received",
    in_review: "In review",
    approved: "Approved",
    rejected: "Rejected",
    executed: "Carried out",
    withdrawn: "Withdrawn",
  },
};

/** What each kind of the public form covers, shown beside the choice. */
export const PUBLIC_KIND_HINTS: Record<Edition, Record<"report" | "dsgvo" | "personal_rights", string>> = {
  de: {
    report: "Eine Pressemitteilung verstößt gegen geltendes Recht, etwa Urheber-, Marken- oder Wettbewerbsrecht.",
    dsgvo: "Auskunft, Berichtigung oder Löschung Ihrer personenbezogenen Daten.",
    personal_rights: "Eine Pressemitteilung nennt oder zeigt Sie und verletzt dabei Ihre Rechte.",
  },
  en: {
    report: "A press release breaks the law, for instance copyright, trademark or competition law.",
    dsgvo: "Access to, correction or deletion of your personal data.",
    personal_rights: "A press release names or shows you and violates your rights.",
  },
};

/** What the customer's modal says each track does (spec 4.4). */
export const CUSTOMER_TRACK_HINTS: Record<"correction" | "change" | "redaction" | "depublication", string> = {
  correction: "Eine sachlich falsche Angabe wird berichtigt; die Seite zeigt dazu einen datierten Korrekturhinweis.",
  change: "Der Wortlaut wird geändert, etwa nach einer Einigung oder einer Abmahnung.",
  redaction: "Einzelne Textstellen werden entfernt und durch „[entfernt]“ ersetzt, etwa ein Name oder eine Anschrift.",
  depublication: "Die Pressemitteilung wird von allen öffentlichen Seiten und Feeds genommen.",
};
