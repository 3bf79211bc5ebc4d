import Link from "next/link";
import type { LegalQueueRow } from "@/lib/domains/legal/requests/list-legal-requests";
import { formatWhen, SOURCE, TRACK } from "./legal-labels";
import { LegalStatusBadge } from "@/components/legal/legal-status-badge";
import { Table } from "@/components/ui/table";

/** The queue: one row per request, the number leading to its detail page. */
export function LegalQueueTable({ rows }: { rows: LegalQueueRow[] }) {
  return (
    <Table caption="Rechtliche Anliegen">
      <thead>
        <tr>
          <th scope="col">Vorgang</th>
          <th scope="col">Eingang</th>
          <th scope="col">Art</th>
          <th scope="col">Von</th>
          <th scope="col">Betrifft</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              <Link href={`/admin/legal/${r.id}`}>Nr. {r.id}</Link>
              <br />
              <span className="meta">{r.reference}</span>
            </td>
            <td>{formatWhen(r.createdAt)}</td>
            <td>
              {TRACK[r.track]}
              <br />
              <span className="meta">{SOURCE[r.source]}</span>
            </td>
            <td>
              {r.requesterName}
              <br />
              <span className="meta">{r.requesterEmail}</span>
            </td>
            <td>
              {r.release ? (
                r.release.title
              ) : r.subjectUrl ? (
                <span className="meta legal-url">{r.subjectUrl}</span>
              ) : (
                <span className="meta">keine Pressemitteilung genannt</span>
              )}
            </td>
            <td>
              <LegalStatusBadge status={r.status} />
              {r.reviewer && (r.status === "in_review" || r.status === "approved") ? (
                <span className="meta legal-reviewer">bei {r.reviewer}</span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
