import type { ActorType, LoginEvent, LoginFailureReason, ReleaseSource } from "@/lib/generated/prisma/enums";
import type { ReleaseAdminAction } from "@/lib/adapters/admin/release-actions";
import { SITE_NAMES, type Portal } from "@/lib/domains/sites";

// The admin area's German words for stored values on the release, newsroom and user screens.

export const PORTAL_LABEL: Record<Portal | "both", string> = {
  business: SITE_NAMES.business,
  tech: SITE_NAMES.tech,
  both: "beide Portale",
};
export const LANGUAGE_LABEL = { de: "Deutsch", en: "Englisch" } as const;

export const SOURCE_LABEL: Record<ReleaseSource, string> = {
  dashboard: "Kundenbereich",
  api: "API v1",
  legacy_api: "Alt-API (/service)",
  admin: "Redaktion",
};

export const ACTOR_LABEL: Record<ActorType, string> = {
  user: "Newsroom",
  admin: "Redaktion",
  ki: "Automatische Prüfung",
  scheduler: "Zeitplan",
  system: "System",
};

export { HISTORY_OUTCOME_LABELS as OUTCOME_LABEL } from "@/components/dashboard/release-outcome-labels";

export { SOURCE as LEGAL_SOURCE_LABEL, STATUS as LEGAL_STATUS_LABEL, TRACK as LEGAL_TRACK_LABEL } from "./legal-labels";

export const LOGIN_EVENT_LABEL: Record<LoginEvent, string> = {
  login_succeeded: "Anmeldung",
  login_failed: "Anmeldung fehlgeschlagen",
  login_lockout: "Gesperrt (zu viele Versuche)",
  two_factor_failed: "Zweiter Faktor falsch",
};
export const LOGIN_REASON_LABEL: Record<LoginFailureReason, string> = {
  unknown: "unbekanntes Konto",
  no_password: "kein Passwort gesetzt",
  wrong: "falsches Passwort",
};
export const LOGIN_METHOD_LABEL: Record<string, string> = {
  password: "Passwort",
  login_link: "Login-Link",
  third_party: "Drittanbieter",
  passkey: "Passkey",
  impersonation: "Anmeldung als Kunde",
  totp: "App-Code",
  recovery_code: "Wiederherstellungscode",
};

/** The decisions on a release: button, the reason's label, and what the editor is asked first. */
export const RELEASE_ACTION_TEXT: Record<
  ReleaseAdminAction,
  { label: string; reasonLabel: string; confirm: string; variant: "secondary" | "danger" }
> = {
  tombstone: {
    label: "Dauerhaft entfernen",
    reasonLabel: "Grund der Entfernung (steht in der Historie)",
    confirm:
      "Die Pressemitteilung wird aus allen öffentlichen Seiten, Feeds und Sitemaps genommen; ihre Seite meldet Suchmaschinen „dauerhaft entfernt“. Fortfahren?",
    variant: "danger",
  },
  unmark: {
    label: "Entfernung aufheben",
    reasonLabel: "Grund für die Rücknahme",
    confirm: "Die Pressemitteilung erscheint wieder so wie vor der Entfernung. Fortfahren?",
    variant: "secondary",
  },
  depublish: {
    label: "Depublizieren",
    reasonLabel: "Grund der Depublikation",
    confirm: "Die Pressemitteilung wird depubliziert und verschwindet von den Portalen. Fortfahren?",
    variant: "danger",
  },
  republish: {
    label: "Wieder veröffentlichen",
    reasonLabel: "Grund der erneuten Veröffentlichung",
    confirm: "Die Pressemitteilung erscheint wieder auf ihrem Portal. Fortfahren?",
    variant: "secondary",
  },
  archive: {
    label: "Archivieren",
    reasonLabel: "Grund der Archivierung",
    confirm: "Die Pressemitteilung wird archiviert und ist auf ihrem Portal nicht mehr zu sehen. Fortfahren?",
    variant: "secondary",
  },
  unarchive: {
    label: "Aus dem Archiv holen",
    reasonLabel: "Grund",
    confirm: "Die Pressemitteilung erscheint wieder auf ihrem Portal. Fortfahren?",
    variant: "secondary",
  },
  delete: {
    label: "Endgültig löschen",
    reasonLabel: "Grund der Löschung (steht in der Historie)",
    confirm:
      "Die Pressemitteilung wird endgültig gelöscht: Seite, Listen, Feeds, Sitemaps und API finden sie nicht mehr, und das lässt sich nicht rückgängig machen. Bilder einer nie veröffentlichten Pressemitteilung werden samt Originalen und Bestätigungen sofort gelöscht. Fortfahren?",
    variant: "danger",
  },
};
