// The history outcomes (press_release_history.outcome) in German, for the customer's release
// page and the admin area alike.

export const HISTORY_OUTCOME_LABELS: Record<string, string> = {
  created: "Angelegt",
  submitted: "Zur Prüfung eingereicht",
  manual_queue: "Zur Prüfung durch die Redaktion",
  rejected: "Automatisch abgelehnt",
  flagged_for_manual_check: "An die Redaktion übergeben",
  scheduled: "Für den geplanten Zeitpunkt freigegeben",
  published: "Veröffentlicht",
  approved: "Von der Redaktion freigegeben",
  returned: "Von der Redaktion zurückgegeben",
  withdraw: "Zurückgezogen",
  archive: "Archiviert",
  unarchive: "Aus dem Archiv zurückgeholt",
  depublish: "Depubliziert",
  republish: "Wieder veröffentlicht",
  gone: "Entfernt",
  unmarked: "Entfernung aufgehoben",
  deleted: "Gelöscht",
  content_changed: "Text geändert, neue Prüfung nötig",
  images_changed: "Bilder geändert, neue Prüfung nötig",
  stale_classification: "Prüfung nicht mehr gültig, neue Prüfung nötig",
  quota_exceeded: "Kontingent aufgebraucht",
  image_rights_confirmation_required: "Bildrechte nicht bestätigt",
};
