import type { AppVersionSource } from "@/lib/core/config/app-version";

// German names for the system-status page; the machine names that runbooks, logs and the
// /health body use are under its "Technische Details".

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
  APP_VERSION: "vom Betrieb beim Start gesetzt",
  "RELEASE file": "aus der Versionsdatei der Auslieferung",
  "development default": "Entwicklungsstand: keine Version gesetzt",
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
