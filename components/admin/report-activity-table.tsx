import Link from "next/link";
import { activityReasonParts, activityResultLabel } from "./activity-result-labels";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import { ACTIVITY_PATHS } from "@/lib/domains/activity/types";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { ActivityRow } from "@/lib/domains/reports/activity-report";
import { subjectKey, type SubjectView } from "@/lib/domains/reports/activity-subjects";

function Subject({ row, view }: { row: ActivityRow; view: SubjectView | undefined }) {
  if (!row.subjectType) return <span className="meta">–</span>;
  const name = view?.name ?? `Nr. ${row.subjectId}`;
  return (
    <>
      <span className="meta">{view?.kind ?? row.subjectType}</span>
      <br />
      {view?.href ? <Link href={view.href}>{name}</Link> : <span className="report-break">{name}</span>}
    </>
  );
}

/** The activity entries of one page, newest first. */
function ActivityReason({ reason }: { reason: string }) {
  const { label, code, text } = activityReasonParts(reason);
  return (
    <>
      {label ?? (code ? <code>{code}</code> : null)}
      {(label || code) && text ? ": " : null}
      {text}
    </>
  );
}

export function ReportActivityTable({ rows, subjects }: { rows: ActivityRow[]; subjects: Map<string, SubjectView> }) {
  return (
    <Table caption="Aktivitätseinträge, neueste zuerst" className="report-activity-table">
      <thead>
        <tr>
          <th scope="col">Zeit</th>
          <th scope="col">Ereignis</th>
          <th scope="col">Person</th>
          <th scope="col">Betreff</th>
          <th scope="col">Ergebnis und Grund</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const key = subjectKey(r);
          return (
            <tr key={String(r.id)}>
              <td className="report-nowrap">
                <time dateTime={r.createdAt.toISOString()}>{formatBerlin(r.createdAt)}</time>
              </td>
              <td>
                {r.label}
                {r.path ? <span className="meta"> · {ACTIVITY_PATHS[r.path] ?? r.path}</span> : null}
                {r.type && r.storedType !== r.type ? (
                  <span className="meta">
                    {" "}
                    (gespeichert als <code>{r.storedType}</code>)
                  </span>
                ) : null}
              </td>
              <td className="report-break">
                {r.actor ? (
                  <>
                    {r.actor.name || r.actor.email}
                    {r.actor.name ? (
                      <>
                        <br />
                        <span className="meta">{r.actor.email}</span>
                      </>
                    ) : null}
                  </>
                ) : (
                  <Badge>System</Badge>
                )}
                {r.impersonatorUserId !== null ? (
                  <>
                    <br />
                    <span className="meta">
                      im Support-Zugang durch <Link href={`/admin/users/${r.impersonatorUserId}`}>Konto {r.impersonatorUserId}</Link>
                    </span>
                  </>
                ) : null}
              </td>
              <td>
                <Subject row={r} view={key ? subjects.get(key) : undefined} />
              </td>
              <td className="report-break">
                {r.result ? <strong>{activityResultLabel(r.result) ?? <code>{r.result}</code>}</strong> : null}
                {r.result && r.reason ? " · " : null}
                {r.reason ? <ActivityReason reason={r.reason} /> : r.result ? null : <span className="meta">–</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
