// The event types an endpoint can subscribe to (docs/webhooks.md). The names are part of the
// API contract: never rename one, add new ones. `webhook.test` is not subscribable: "send test
// event" addresses one endpoint directly.

export const WEBHOOK_EVENT_TYPES = [
  "release.submitted",
  "release.checked",
  "release.published",
  "release.rejected",
  "release.scheduled",
  "release.changed",
  "release.corrected",
  "release.withdrawn",
  "release.depublished",
  "release.gone",
  "image.withheld",
  "image.released",
  "quota.exhausted",
  "invoice.issued",
  "invoice.paid",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = "webhook.test";
export type WebhookMessageType = WebhookEventType | typeof TEST_EVENT_TYPE;

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** What each event means, in the dashboard's German and the API document's English. */
export const EVENT_TYPE_TEXT: Record<WebhookMessageType, { de: string; en: string }> = {
  "release.submitted": { de: "Eingereicht", en: "A release was submitted for review." },
  "release.checked": {
    de: "Geprüft (grün, gelb oder rot, mit Gründen)",
    en: "The automated check finished: green, yellow or red, with its reasons.",
  },
  "release.published": { de: "Veröffentlicht", en: "A release went public (also when a depublished release is published again)." },
  "release.rejected": { de: "Abgelehnt", en: "A release was rejected, by the check or by an editor." },
  "release.scheduled": { de: "Für später geplant", en: "A release passed the check and waits for its scheduled time." },
  "release.changed": { de: "Kostenpflichtige Änderung übernommen", en: "A paid change to a published release was applied." },
  "release.corrected": { de: "Berichtigt", en: "A published release was corrected (legal correction)." },
  "release.withdrawn": { de: "Zurückgezogen", en: "A release was withdrawn by the newsroom." },
  "release.depublished": { de: "Depubliziert", en: "A published release was taken offline." },
  "release.gone": { de: "Dauerhaft entfernt", en: "A release was removed for good; its pages answer 410 Gone." },
  "image.withheld": { de: "Bild zurückgehalten", en: "An image of a release is withheld from public pages." },
  "image.released": { de: "Bild freigegeben", en: "A withheld image was released." },
  "quota.exhausted": { de: "Kontingent aufgebraucht", en: "The newsroom's publication quota for the period is used up." },
  "invoice.issued": { de: "Rechnung gestellt", en: "An invoice was issued." },
  "invoice.paid": { de: "Rechnung bezahlt", en: "An invoice was paid." },
  "webhook.test": { de: "Testereignis", en: "A test message sent on request from the dashboard or the API." },
};
