// Every kind of mail the service sends, in one table: which ones a recipient may opt out of
// (spec 6.3: rejection under the opt-out type "rejected", corrections and newsletters), and so
// which ones carry List-Unsubscribe. Everything else is transactional and only a hard bounce,
// a complaint or a manual block stops it.
export const MAIL_TYPES = {
  login_link: { unsubscribeScope: null },
  identity_code: { unsubscribeScope: null },
  registration_confirm: { unsubscribeScope: null },
  registration_existing: { unsubscribeScope: null },
  registration_link: { unsubscribeScope: null },
  email_change_confirm: { unsubscribeScope: null },
  email_change_requested: { unsubscribeScope: null },
  email_changed: { unsubscribeScope: null },
  passkey_changed: { unsubscribeScope: null },
  security_notice: { unsubscribeScope: null },
  account_link: { unsubscribeScope: null },
  password_reset: { unsubscribeScope: null },
  team_invitation: { unsubscribeScope: null },
  published: { unsubscribeScope: "published" },
  rejected: { unsubscribeScope: "rejected" },
  review_blocked: { unsubscribeScope: null },
  press_release_corrected: { unsubscribeScope: "press_release_corrected" },
  press_release_change_applied: { unsubscribeScope: null },
  legal_request_executed: { unsubscribeScope: null },
  legal_request_received: { unsubscribeScope: null },
  contact_answer: { unsubscribeScope: null },
  invoice: { unsubscribeScope: null },
  invoice_reminder: { unsubscribeScope: null },
  grandfathering_expired: { unsubscribeScope: null },
  contract_cancellation: { unsubscribeScope: null },
  contract_withdrawal: { unsubscribeScope: null },
  image_confirmation: { unsubscribeScope: null },
  newsletter: { unsubscribeScope: "newsletter" },
  newsletter_confirm: { unsubscribeScope: null },
  operational_alert: { unsubscribeScope: null },
  webhook_endpoint_disabled: { unsubscribeScope: null },
  // A newsroom's embargoed preview for one journalist (docs/previews.md): sent once, when the
  // sender asks for it; suppression (bounce, complaint, block) stops it like any other mail.
  // Its link opens the preview for as long as it lives (up to a year): once the mail is finished,
  // the outbox keeps it without the token (see credentialLink).
  release_preview: { unsubscribeScope: null, credentialLink: /\/vorschau\/[A-Za-z0-9_-]{43}/g },
} as const satisfies Record<string, { unsubscribeScope: string | null; credentialLink?: RegExp }>;

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
