import type { AppVersionSource } from "@/lib/core/config/app-version";

// German names for the system-status page; the machine names stay visible beside them, since
// runbooks, logs and the /health body use those.

export const CHECK_LABELS: Record<string, string> = {
  database: "Datenbank",
  cache: "Cache",
  queue: "Job-Warteschlange",
  overdue: "Überfällige Arbeit",
  scheduler: "Zeitplaner (Heartbeat)",
  mail: "E-Mail-Versand",
  disk: "Speicher",
};

export const VERSION_SOURCE_LABELS: Record<AppVersionSource, string> = {
  APP_VERSION: "aus der Umgebungsvariable APP_VERSION",
  "RELEASE file": "aus der Datei RELEASE",
  "development default": "Entwicklungsstand: weder APP_VERSION noch Datei RELEASE gesetzt",
};

export const ALERT_LABELS: Record<string, string> = {
  queue_backlog: "Job-Rückstau",
  scheduler_silent: "Zeitplaner still",
  mail_circuit_open: "Mailversand angehalten",
  mail_backlog: "Mails warten",
  "webhook_failures:stripe:processing": "Stripe-Webhooks: Verarbeitung fehlgeschlagen",
  "webhook_failures:stripe:signature": "Stripe-Webhooks: Signatur abgelehnt",
  "webhook_failures:resend:processing": "Resend-Webhooks: Verarbeitung fehlgeschlagen",
  "webhook_failures:resend:signature": "Resend-Webhooks: Signatur abgelehnt",
};

export const WEBHOOK_SOURCE_LABELS: Record<string, string> = { stripe: "Stripe (Zahlungen)", resend: "Resend (Zustellung)" };
export const WEBHOOK_KIND_LABELS: Record<string, string> = { error: "Verarbeitung fehlgeschlagen", signature: "Signatur abgelehnt" };

export const nf = new Intl.NumberFormat("de-DE");
