// Every kind of mail the service sends, in one table: which ones a recipient may opt out of
// (spec 6.3: rejection under the opt-out type "rejected", corrections and newsletters), and so
// which ones carry List-Unsubscribe; the label names the kind on staff screens. Everything else is transactional and only a hard bounce,
// a complaint or a manual block stops it.
export const MAIL_TYPES = {
  login_link: { label: "Anmeldelink", unsubscribeScope: null },
  identity_code: { label: "Bestätigungscode", unsubscribeScope: null },
  registration_confirm: { label: "Registrierung bestätigen", unsubscribeScope: null },
  registration_existing: { label: "Registrierung mit bestehender Adresse", unsubscribeScope: null },
  registration_link: { label: "Registrierungslink", unsubscribeScope: null },
  email_change_confirm: { label: "Neue E-Mail-Adresse bestätigen", unsubscribeScope: null },
  email_change_requested: { label: "Änderung der E-Mail-Adresse angefragt", unsubscribeScope: null },
  email_changed: { label: "E-Mail-Adresse geändert", unsubscribeScope: null },
  passkey_changed: { label: "Passkey geändert", unsubscribeScope: null },
  security_notice: { label: "Sicherheitshinweis", unsubscribeScope: null },
  account_link: { label: "Konto verknüpft", unsubscribeScope: null },
  password_reset: { label: "Passwort zurücksetzen", unsubscribeScope: null },
  team_invitation: { label: "Einladung ins Team", unsubscribeScope: null },
  published: { label: "Veröffentlicht", unsubscribeScope: "published" },
  rejected: { label: "Abgelehnt", unsubscribeScope: "rejected" },
  review_blocked: { label: "Prüfung angehalten", unsubscribeScope: null },
  press_release_corrected: { label: "Korrektur veröffentlicht", unsubscribeScope: "press_release_corrected" },
  press_release_change_applied: { label: "Änderung übernommen", unsubscribeScope: null },
  legal_request_executed: { label: "Rechtliches Anliegen umgesetzt", unsubscribeScope: null },
  legal_request_received: { label: "Rechtliches Anliegen eingegangen", unsubscribeScope: null },
  contact_answer: { label: "Antwort auf Kontaktanfrage", unsubscribeScope: null },
  invoice: { label: "Rechnung", unsubscribeScope: null },
  invoice_reminder: { label: "Zahlungserinnerung", unsubscribeScope: null },
  grandfathering_expired: { label: "Bestandskonditionen enden", unsubscribeScope: null },
  contract_cancellation: { label: "Kündigung", unsubscribeScope: null },
  contract_withdrawal: { label: "Widerruf", unsubscribeScope: null },
  image_confirmation: { label: "Bildrechte bestätigen", unsubscribeScope: null },
  newsletter: { label: "Newsletter", unsubscribeScope: "newsletter" },
  newsletter_confirm: { label: "Newsletter bestätigen", unsubscribeScope: null },
  operational_alert: { label: "Betriebsalarm", unsubscribeScope: null },
  webhook_endpoint_disabled: { label: "Webhook abgeschaltet", unsubscribeScope: null },
  // A newsroom's embargoed preview for one journalist (docs/previews.md): sent once, when the
  // sender asks for it; suppression (bounce, complaint, block) stops it like any other mail.
  // Its link opens the preview for as long as it lives (up to a year): once the mail is finished,
  // the outbox keeps it without the token (see credentialLink).
  release_preview: { label: "Vertrauliche Vorschau", unsubscribeScope: null, credentialLink: /\/vorschau\/[A-Za-z0-9_-]{43}/g },
} as const satisfies Record<string, { label: string; unsubscribeScope: string | null; credentialLink?: RegExp }>;

/**
 * The mail's text and HTML without the long-lived credential its type carries (a preview token),
 * for the outbox row kept after delivery: a copy of the database then opens nothing.
 */
export function withoutCredentialLinks(mailType: string, body: { html: string; text: string }): { html: string; text: string } | null {
  const entry = isMailType(mailType) ? (MAIL_TYPES[mailType] as { credentialLink?: RegExp }) : null;
  if (!entry?.credentialLink) return null;
  const strip = (s: string) => s.replace(entry.credentialLink!, (m) => `${m.slice(0, m.lastIndexOf("/") + 1)}[entfernt]`);
  return { html: strip(body.html), text: strip(body.text) };
}

export type MailType = keyof typeof MAIL_TYPES;
export type UnsubscribeScope = NonNullable<(typeof MAIL_TYPES)[MailType]["unsubscribeScope"]>;

export const UNSUBSCRIBE_SCOPES: readonly UnsubscribeScope[] = [
  ...new Set(Object.values(MAIL_TYPES).flatMap((t) => (t.unsubscribeScope ? [t.unsubscribeScope] : []))),
];

export function isMailType(value: string): value is MailType {
  return Object.hasOwn(MAIL_TYPES, value);
}

export function unsubscribeScopeOf(mailType: MailType): UnsubscribeScope | null {
  return MAIL_TYPES[mailType].unsubscribeScope;
}

/** The kind of a stored mail in German, for staff screens; an unknown stored type stays unnamed. */
export function mailTypeLabel(mailType: string): string {
  return isMailType(mailType) ? MAIL_TYPES[mailType].label : "Andere";
}
