import { Table } from "@/components/ui/table";
import { SystemDiagnostic } from "./system-diagnostic";
import type { SystemStatus } from "@/lib/adapters/operations/load-system-status";
import { SystemTime } from "./system-time";
import { ALERT_LABELS, nf, WEBHOOK_KIND_LABELS, WEBHOOK_SOURCE_LABELS } from "./system-labels";

/** The latest operational alerts: one row per key, with when it last went out and how often in all. */
export function SystemAlertTable({ alerts }: { alerts: SystemStatus["alerts"] }) {
  if (!alerts.length) return <p className="empty">Bisher wurde kein Betriebsalarm ausgelöst.</p>;
  return (
    <Table caption="Betriebsalarme, zuletzt gesendete zuerst" compact>
      <thead>
        <tr>
          <th scope="col">Alarm</th>
          <th scope="col">Zuletzt gesendet</th>
          <th scope="col" className="amount">
            Gesendet
          </th>
          <th scope="col">Letzte Meldung</th>
        </tr>
      </thead>
      <tbody>
        {alerts.map((a) => (
          <tr key={a.key}>
            <th scope="row">{ALERT_LABELS[a.key] ?? "Weiterer Alarm"}</th>
            <td className="report-nowrap">
              <SystemTime at={a.lastSentAt} />
            </td>
            <td className="amount">{nf.format(a.count)}×</td>
            <td>
              <SystemDiagnostic text={a.lastDetail} name={a.key} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Failed incoming webhooks per source and kind: the alert's window and the last 24 hours. */
export function SystemWebhookTable({ failures }: { failures: SystemStatus["webhookFailures"] }) {
  if (!failures.day.length) return <p className="empty">In den letzten 24 Stunden ist kein eingehender Webhook fehlgeschlagen.</p>;
  const recent = new Map(failures.recent.map((f) => [`${f.source}:${f.kind}`, f.count]));
  return (
    <Table caption="Fehlgeschlagene eingehende Webhooks" compact>
      <thead>
        <tr>
          <th scope="col">Quelle</th>
          <th scope="col">Art</th>
          <th scope="col" className="amount">
            Letzte {failures.windowMinutes} Min.
          </th>
          <th scope="col" className="amount">
            Letzte 24 Std.
          </th>
          <th scope="col">Zuletzt</th>
          <th scope="col">Letzte Meldung</th>
        </tr>
      </thead>
      <tbody>
        {failures.day.map((f) => (
          <tr key={`${f.source}:${f.kind}`}>
            <th scope="row">{WEBHOOK_SOURCE_LABELS[f.source] ?? f.source}</th>
            <td>{WEBHOOK_KIND_LABELS[f.kind] ?? f.kind}</td>
            <td className="amount">{nf.format(recent.get(`${f.source}:${f.kind}`) ?? 0)}</td>
            <td className="amount">{nf.format(f.count)}</td>
            <td className="report-nowrap">
              <SystemTime at={f.lastAt} />
            </td>
            <td>
              <SystemDiagnostic text={f.lastDetail} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
