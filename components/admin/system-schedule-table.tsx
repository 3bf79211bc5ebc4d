import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import type { ScheduleStatus } from "@/lib/adapters/operations/load-system-status";
import { SystemTime } from "./system-time";

function lastOutcome(s: ScheduleStatus) {
  if (!s.lastRunAt) return <Badge>noch nicht gelaufen</Badge>;
  const failedLast = s.lastFailedAt && (!s.lastOkAt || s.lastFailedAt >= s.lastOkAt);
  if (failedLast) return <Badge tone="danger">fehlgeschlagen</Badge>;
  if (!s.lastOkAt || s.lastRunAt > s.lastOkAt) return <Badge tone="warning">läuft</Badge>;
  return <Badge tone="success">erfolgreich</Badge>;
}

/** The schedules of the job catalog: when they run (Berlin time), when they ran, how it ended. */
export function SystemScheduleTable({ schedules }: { schedules: ScheduleStatus[] }) {
  return (
    <Table caption="Zeitpläne mit letztem Lauf, Zeiten in Europe/Berlin" compact>
      <thead>
        <tr>
          <th scope="col">Zeitplan</th>
          <th scope="col">Wann</th>
          <th scope="col">Nächster Lauf</th>
          <th scope="col">Letzter Start</th>
          <th scope="col">Zuletzt</th>
          <th scope="col">Letzter Fehler</th>
        </tr>
      </thead>
      <tbody>
        {schedules.map((s) => (
          <tr key={s.id}>
            <th scope="row">
              <span className="admin-line">{s.id}</span>
              <code className="meta">{s.job}</code>
            </th>
            <td>
              <span className="admin-line">{s.words}</span>
              <code className="meta">{s.cron}</code>
            </td>
            <td className="report-nowrap">
              <SystemTime at={s.nextRunAt} />
            </td>
            <td className="report-nowrap">
              <SystemTime at={s.lastRunAt} />
            </td>
            <td>
              <span className="admin-line">{lastOutcome(s)}</span>
              {s.lastOkAt ? (
                <span className="meta report-nowrap">
                  Erfolg: <SystemTime at={s.lastOkAt} />
                </span>
              ) : null}
            </td>
            <td className="system-detail">
              {s.lastFailedAt ? (
                <>
                  <span className="admin-line report-nowrap">
                    <SystemTime at={s.lastFailedAt} />
                  </span>
                  <span className="meta" lang="en">
                    {s.lastError}
                  </span>
                </>
              ) : (
                <span className="meta">–</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
