// The activity log's types (spec 6.1), one registry: writers name a type by its constant, the
// admin report (spec 4.3) labels and filters by it. Style: `<area>.<event>`, snake_case, past
// tense. activity_log is insert-only, so rows written under an earlier name keep it: `aliases`
// lists those names, and a filter on a type finds its aliases' rows too.

export interface ActivityTypeInfo {
  /** German label in the admin area. */
  label: string;
  group: ActivityGroup;
  /** Names the same event had in rows written before this registry. */
  aliases?: readonly string[];
  /** The event as spec 6.1 lists it for the activity report, where it is one of those. */
  spec?: string;
}

export const ACTIVITY_GROUPS = [
  "Konten und Anmeldungen",
  "Pressemitteilungen",
  "Bilder und Nachweise",
  "Rechtliche Anliegen",
  "Newsrooms und Teams",
  "Zahlungen und Abrechnung",
  "Formulare",
  "Newsletter",
] as const;
export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number];

const A = "Konten und Anmeldungen";
const R = "Pressemitteilungen";
const I = "Bilder und Nachweise";
const L = "Rechtliche Anliegen";
const C = "Newsrooms und Teams";
const B = "Zahlungen und Abrechnung";

export const ACTIVITY_TYPES = {
  "user.registered": {
    label: "Registrierung",
    group: A,
    aliases: ["Registration"],
    spec: "registrations with path (form, third-party, login link)",
  },
  "user.logged_in": {
    label: "Anmeldung",
    group: A,
    aliases: ["Login"],
    spec: "logins with path (password, third-party, login link, impersonation)",
  },
  "user.address_verified": { label: "Adresse bestätigt", group: A },
  "user.email_changed": { label: "E-Mail-Adresse geändert", group: A, aliases: ["EmailChanged"] },
  "user.password_changed": { label: "Passwort geändert", group: A },
  "user.password_reset": { label: "Passwort zurückgesetzt", group: A },
  "user.sessions_ended": { label: "Sitzungen beendet", group: A },
  "user.two_factor_reset": { label: "Zweiter Faktor zurückgesetzt", group: A, aliases: ["two_factor_reset"] },
  "user.impersonation_started": { label: "Support-Zugang begonnen", group: A },
  "user.impersonation_ended": { label: "Support-Zugang beendet", group: A },
  "passkey.registered": { label: "Passkey hinzugefügt", group: A },
  "passkey.deleted": { label: "Passkey entfernt", group: A },
  "oauth_account.linked": { label: "Drittanbieter-Konto verknüpft", group: A },

  "release.status_changed": {
    label: "Statusänderung",
    group: R,
    spec: "release status changes with result and reason (automatic ones as System)",
  },
  "release.ai_declared": { label: "KI-Kennzeichnung", group: R },
  "release.check_requested": { label: "Automatische Prüfung von Hand neu angefordert", group: R },
  "release.draft_purged": { label: "Entwurf nach Aufbewahrungsfrist gelöscht", group: R },
  "change.requested": { label: "Änderung beantragt", group: R },
  "change.refused": { label: "Änderung abgelehnt (Vorprüfung)", group: R },
  "change.expired": { label: "Änderung verfallen", group: R },
  "change.applied": { label: "Änderung übernommen", group: R },
  "change.payment_not_applied": { label: "Bezahlte Änderung nicht übernommen", group: R },
  "category.updated": { label: "Kategorie geändert", group: R },
  "category.descriptions_seeded": { label: "Kategoriebeschreibungen ergänzt", group: R },

  "image.precheck_reviewed": { label: "Bildprüfung entschieden", group: I, aliases: ["ImagePrecheckReview"] },
  "image.rights_confirmed": { label: "Bildrechte bestätigt", group: I, aliases: ["ImageRightsConfirmed"] },
  "image.removed": { label: "Bild entfernt", group: I, aliases: ["ImageRemoved"] },
  "image.declaration_corrected": { label: "Bildangaben korrigiert", group: I, aliases: ["ImageDeclarationCorrected"] },
  "evidence.accessed": { label: "Zugriff auf Nachweise (EvidenceAccess)", group: I, aliases: ["EvidenceAccess"] },
  "evidence.hold_set": { label: "Aufbewahrungssperre für Nachweise gesetzt oder aufgehoben", group: I },
  "evidence.purged": { label: "Nachweise nach Aufbewahrungsfrist gelöscht", group: I },

  "legal_request.review_started": { label: "Rechtliches Anliegen: Prüfung begonnen", group: L },
  "legal_request.in_review": { label: "Rechtliches Anliegen in Prüfung", group: L },
  "legal_request.approved": { label: "Rechtliches Anliegen genehmigt", group: L },
  "legal_request.rejected": { label: "Rechtliches Anliegen abgelehnt", group: L },
  "legal_request.executed": { label: "Rechtliches Anliegen ausgeführt", group: L },
  "legal_request.withdrawn": { label: "Rechtliches Anliegen zurückgezogen", group: L },

  "newsroom.created": { label: "Newsroom angelegt", group: C },
  "newsroom.profile_updated": { label: "Newsroom-Profil geändert", group: C },
  "newsroom.logo_replaced": { label: "Logo ersetzt", group: C },
  "newsroom.logo_removed": { label: "Logo entfernt", group: C },
  "newsroom.contact_added": { label: "Pressekontakt hinzugefügt", group: C },
  "newsroom.contact_updated": { label: "Pressekontakt geändert", group: C },
  "newsroom.contact_default": { label: "Standard-Pressekontakt gesetzt", group: C },
  "newsroom.contact_removed": { label: "Pressekontakt entfernt", group: C },
  "company.gone": { label: "Firma als erloschen markiert", group: C },
  "company.unmarked": { label: "Erloschen-Markierung aufgehoben", group: C },
  "company.deleted": { label: "Newsroom gelöscht", group: C },
  "company.restored": { label: "Gelöschter Newsroom wiederhergestellt", group: C },
  "company.merged": { label: "Firmen zusammengeführt", group: C },
  "company.unmerged": { label: "Zusammenführung aufgehoben", group: C },
  "company.invitation_sent": { label: "Einladung versandt", group: C, aliases: ["company_invitation_sent"] },
  "company.invitation_revoked": { label: "Einladung zurückgezogen", group: C, aliases: ["company_invitation_revoked"] },
  "company.invitation_accepted": { label: "Einladung angenommen", group: C, aliases: ["company_invitation_accepted"] },
  "company.member_added": { label: "Mitglied hinzugefügt", group: C, aliases: ["company_member.added"] },
  "company.member_confirmed": { label: "Automatisch aufgenommenes Mitglied bestätigt", group: C },
  "company.member_removed": { label: "Mitglied entfernt", group: C, aliases: ["company_member_removed", "company_member.removed"] },
  "company.member_left": { label: "Mitglied ausgetreten", group: C, aliases: ["company_member_left"] },
  "company.role_changed": { label: "Rolle geändert", group: C, aliases: ["company_role_changed"] },
  "company.role_granted": { label: "Rolle automatisch vergeben", group: C, aliases: ["company_role_granted"] },
  "company.role_lowered": { label: "Rolle automatisch herabgestuft", group: C, aliases: ["company_role_lowered"] },
  "company.email_match_found": { label: "Adressabgleich: Konto gefunden", group: C },
  "company.email_match_declined": { label: "Adressabgleich abgelehnt", group: C },
  "company_email_group.classified": { label: "Adressgruppe eingestuft", group: C },

  "payment.received": { label: "Zahlung", group: B, aliases: ["payment"], spec: "payments" },
  "credits.top_up": { label: "Credits aufgeladen", group: B, spec: "credit top-ups" },
  "credits.spent": { label: "Credits eingesetzt", group: B },
  "checkout.started": { label: "Kauf begonnen", group: B },
  "booking.started": { label: "Buchung gestartet", group: B },
  "booking.duplicate": { label: "Doppelte Buchung", group: B },
  "boost.booked": { label: "Boost gebucht", group: B },
  "boost.not_booked_after_payment": { label: "Boost nach Zahlung nicht gebucht", group: B },
  "invoice.created": { label: "Rechnung ausgestellt", group: B },
  "invoice.sent": { label: "Rechnung versandt", group: B },
  "invoice.delivered": { label: "Rechnung zugestellt", group: B },
  "invoice.reminded": { label: "Zahlungserinnerung", group: B },
  "invoice.paid": { label: "Rechnung als bezahlt markiert", group: B },
  "invoice.voided": { label: "Rechnung storniert", group: B },
  "billing_address.saved": { label: "Rechnungsadresse gespeichert", group: B },
  "agreement.period_invoiced": { label: "Abrechnungsperiode berechnet", group: B },
  "agreement.ended_by_notice": { label: "Vereinbarung durch Kündigung beendet", group: B },
  "agreement.billing_hold_placed": { label: "Abrechnung gesperrt", group: B },
  "agreement.billed_now": { label: "Gesperrte Abrechnung berechnet", group: B },
  "agreement.blocked_removed": { label: "Gesperrte Vereinbarung entfernt", group: B },
  "agreement.grandfathered": { label: "Bisherige Konditionen vergeben", group: B },
  "agreement.grandfathering_ended": { label: "Bisherige Konditionen beendet", group: B },
  "agreement.grandfathering_expired": { label: "Bisherige Konditionen abgelaufen", group: B },
  "agreement.provider_cancel_failed": { label: "Kündigung beim Zahlungsanbieter fehlgeschlagen", group: B },
  "agreement.replaced_by_upgrade": { label: "Paket durch größeres ersetzt (endet zum Periodenende)", group: B },
  "agreement.provider_renewal_not_stopped": { label: "Verlängerung beim Zahlungsanbieter nicht abbestellt", group: B },
  "legacy_invoice.dropped": { label: "Altrechnung verworfen", group: B },
  "legacy_invoice.superseded": { label: "Altrechnung ersetzt", group: B },
  "legacy_invoice.uncollectible": { label: "Altrechnung uneinbringlich", group: B },

  "form.intake": {
    label: "Formulareingang",
    group: "Formulare",
    aliases: ["form_intake", "FormIntake"],
    spec: "form intakes (contact, legal request, withdrawal, cancellation, newsletter signup)",
  },
  "contact_message.answered": { label: "Kontaktanfrage beantwortet", group: "Formulare" },
  "contact_message.closed": { label: "Kontaktanfrage ohne Antwort geschlossen", group: "Formulare" },

  "newsletter.campaign_started": { label: "Newsletter gestartet", group: "Newsletter", aliases: ["NewsletterStarted"] },
} as const satisfies Record<string, ActivityTypeInfo>;

export type ActivityType = keyof typeof ACTIVITY_TYPES;

/**
 * The constants writers use: `ACTIVITY.userLoggedIn` is "user.logged_in". Keyed by the type in
 * camelCase, so a new entry above needs no second table.
 */
type Camel<S extends string> = S extends `${infer H}.${infer T}`
  ? `${Camel<H>}${Capitalize<Camel<T>>}`
  : S extends `${infer H}_${infer T}`
    ? `${H}${Capitalize<Camel<T>>}`
    : S;
export const ACTIVITY = Object.fromEntries(
  Object.keys(ACTIVITY_TYPES).map((type) => [type.replace(/[._]([a-z])/g, (_, c: string) => c.toUpperCase()), type]),
) as { readonly [T in ActivityType as Camel<T>]: T };

/** The path of a registration, login, payment or form intake (activity_log.path), in German. */
export const ACTIVITY_PATHS: Record<string, string> = {
  form: "Formular",
  password: "Passwort",
  login_link: "Login-Link",
  third_party: "Drittanbieter",
  passkey: "Passkey",
  impersonation: "Anmeldung als Kunde",
  card: "Karte",
  bank_transfer: "Überweisung",
  contact: "Kontaktformular",
  legal_request: "Rechtliches Anliegen",
  withdrawal: "Widerruf",
  cancellation: "Kündigung",
  newsletter_signup: "Newsletter-Anmeldung",
  grant: "Gutschrift durch das Team",
  console: "Konsole des Servers",
};

const BY_STORED_NAME = new Map<string, ActivityType>(
  (Object.entries(ACTIVITY_TYPES) as [ActivityType, ActivityTypeInfo][]).flatMap(([type, info]) => [
    [type, type] as const,
    ...(info.aliases ?? []).map((a) => [a, type] as const),
  ]),
);

export function isActivityType(value: string): value is ActivityType {
  return Object.hasOwn(ACTIVITY_TYPES, value);
}

/** The registry's type of a stored row's type, old names included; null for a name it does not know. */
export function activityTypeOf(stored: string): ActivityType | null {
  return BY_STORED_NAME.get(stored) ?? null;
}

/** Every name a type's rows may carry: the type and its aliases. */
export function storedNamesOf(type: ActivityType): string[] {
  const info: ActivityTypeInfo = ACTIVITY_TYPES[type];
  return [type, ...(info.aliases ?? [])];
}

/** The German label of a stored type; an unknown one shows as stored. */
export function activityLabel(stored: string): string {
  const type = activityTypeOf(stored);
  return type ? ACTIVITY_TYPES[type].label : stored;
}
