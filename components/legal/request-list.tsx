import Link from "next/link";
import { Table } from "@/components/ui/table";
import type { CustomerLegalRequest } from "@/lib/adapters/dashboard/legal-requests";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { TRACK_LABELS } from "@/lib/domains/legal-terms/request-labels";
import { LegalStatusBadge } from "./legal-status-badge";

/**
 * The newsroom's legal requests and where each stands, for the customer (spec 4.4). With
 * `withRelease` each row names its release (the overview); on a release page it need not.
 */
export function RequestList({ rows, withRelease, caption }: { rows: CustomerLegalRequest[]; withRelease: boolean; caption: string }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">Vorgang</th>
          <th scope="col">Antrag</th>
          {withRelease ? <th scope="col">Pressemitteilung</th> : null}
          <th scope="col">Gestellt</th>
          <th scope="col">Stand</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{r.reference}</td>
            <td>{TRACK_LABELS.de[r.track]}</td>
            {withRelease ? (
              <td>{r.pressRelease ? <Link href={`/dashboard/releases/${r.pressRelease.id}`}>{r.pressRelease.title}</Link> : "–"}</td>
            ) : null}
            <td>
              {formatBerlin(r.createdAt)}
              <span className="meta request-by">von {r.requesterName}</span>
            </td>
            <td>
              <LegalStatusBadge status={r.status} />
              {r.executedAt ? (
                <span className="meta request-by">umgesetzt {formatBerlin(r.executedAt)}</span>
              ) : r.decidedAt ? (
                <span className="meta request-by">entschieden {formatBerlin(r.decidedAt)}</span>
              ) : null}
              {r.decisionNote && !r.isOpen ? <p className="request-note">Begründung der Redaktion: {r.decisionNote}</p> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
