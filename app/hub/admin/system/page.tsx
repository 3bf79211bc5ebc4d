import type { Metadata } from "next";
import { SystemAlertTable, SystemWebhookTable } from "@/components/admin/system-alert-tables";
import { SystemFailedMailTable } from "@/components/admin/system-failed-mail-table";
import { SystemHealthTable } from "@/components/admin/system-health-table";
import { SystemMailCircuit } from "@/components/admin/system-mail-circuit";
import { SystemScheduleTable } from "@/components/admin/system-schedule-table";
import { SystemSummary } from "@/components/admin/system-summary";
import { SystemTime } from "@/components/admin/system-time";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { PageHeader } from "@/components/ui/page-header";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { loadSystemStatus } from "@/lib/adapters/operations/load-system-status";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Systemstatus" };

export default async function SystemStatusPage() {
  await requireAdmin(ADMIN_SCREENS.system.permission);
  const status = await loadSystemStatus();
  const { alertChannels: channels } = status;
  return (
    <>
      <PageHeader
        title="Systemstatus"
        description={
          <>
            Version und Betriebsart, die laufenden Prüfungen, die Zeitpläne mit ihren letzten Läufen und die Betriebsalarme. Stand:{" "}
            <SystemTime at={new Date()} />.
          </>
        }
      />
      <SystemSummary status={status} />

      <section aria-labelledby="checks-heading" className="system-section">
        <h2 id="checks-heading">Prüfungen</h2>
        <p className="meta">Dieselben Prüfungen fragt die Verfügbarkeitsüberwachung ab; schlägt eine fehl, meldet sie eine Störung.</p>
        <SystemHealthTable report={status.health} />
      </section>

      <section aria-labelledby="schedules-heading" className="system-section">
        <h2 id="schedules-heading">Zeitpläne</h2>
        <p className="meta">
          Zeiten in Europe/Berlin.{" "}
          {status.jobsRunOn === "Inngest"
            ? "In Produktion laufen sie als Cron-Funktionen auf Inngest."
            : "Im eingebetteten Betrieb laufen sie im App-Prozess."}{" "}
          Start, Erfolg und Fehler zeichnet jeder Job selbst auf.
        </p>
        <SystemScheduleTable schedules={status.schedules} />
      </section>

      <section aria-labelledby="circuit-heading" className="system-section">
        <h2 id="circuit-heading">Automatischer Versandstopp</h2>
        <p className="meta">
          Lehnt der Versanddienst viele E-Mails kurz nacheinander ab, hält der Versand an und setzt danach von selbst wieder ein.
        </p>
        <SystemMailCircuit circuit={status.circuit} />
        <TechnicalDetails>
          <p className="meta">
            Sofort fortsetzen: <code>npm run cli -- mail:circuit --close</code>
          </p>
        </TechnicalDetails>
      </section>

      <section aria-labelledby="failed-mail-heading" className="system-section">
        <h2 id="failed-mail-heading">Nicht zugestellte E-Mails</h2>
        <p className="meta">
          Der Versand hat diese E-Mails aufgegeben: Der Versanddienst hat sie endgültig abgelehnt oder sie scheiterten öfter, als
          Wiederholungen vorgesehen sind. Seine letzte Antwort sagt, warum.
        </p>
        <SystemFailedMailTable mails={status.failedMails} />
      </section>

      <section aria-labelledby="alerts-heading" className="system-section">
        <h2 id="alerts-heading">Betriebsalarme</h2>
        <p className="meta">
          Versand per E-Mail {channels.mail ? "aktiv" : "aus (keine Empfangsadresse eingerichtet)"}, per Push{" "}
          {channels.push ? "aktiv" : "aus (keine Push-Adresse eingerichtet)"}. Je Alarm höchstens eine Meldung in {channels.cooldownMinutes}{" "}
          Minuten. Geprüft wird alle 5 Minuten und bei jeder Abfrage der Verfügbarkeitsüberwachung.
        </p>
        {channels.mail && channels.push ? null : (
          <TechnicalDetails>
            <p className="meta">
              Eingerichtet werden die Wege mit <code>ALERT_MAIL_TO</code> und <code>ALERT_PUSH_URL</code> (docs/configuration.md).
            </p>
          </TechnicalDetails>
        )}
        <SystemAlertTable alerts={status.alerts} />
      </section>

      <section aria-labelledby="webhooks-heading" className="system-section">
        <h2 id="webhooks-heading">Eingehende Webhooks</h2>
        <p className="meta">
          Viele abgelehnte Signaturen bedeuten meist einen geänderten Schlüssel beim Zahlungs- oder Versanddienst: Dann wird jede echte
          Meldung abgelehnt.
        </p>
        <SystemWebhookTable failures={status.webhookFailures} />
      </section>
    </>
  );
}
