import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { AutoRejection, DeadAddress } from "@/lib/domains/reports/submitter-report";
import { suppressionLabel } from "@/lib/domains/reports/submitter-export";

export function DeadAddressTable({ rows }: { rows: DeadAddress[] }) {
  return (
    <Table caption="Unzustellbare Adressen von Einsendern">
      <thead>
        <tr>
          <th scope="col">Adresse</th>
          <th scope="col">Verwendet von</th>
          <th scope="col">Status</th>
          <th scope="col">Letzter harter Bounce</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.email}>
            <th scope="row" className="report-break">
              {a.email}
            </th>
            <td>
              <ul className="report-list">
                {a.authors.map((u) => (
                  <li key={`u${u.userId}`}>
                    <Link href={`/admin/users/${u.userId}`}>{u.name || "Konto"}</Link>, Autor von {u.releases}{" "}
                    {u.releases === 1 ? "Meldung" : "Meldungen"}
                  </li>
                ))}
                {a.companies.map((c) => (
                  <li key={`c${c.id}`}>
                    Newsroom <Link href={`/admin/companies/${c.id}`}>{c.name}</Link>
                  </li>
                ))}
              </ul>
            </td>
            <td>
              <Badge tone="danger">{suppressionLabel(a)}</Badge>
              {a.suppressedAt ? <span className="meta"> seit {formatBerlin(a.suppressedAt)}</span> : null}
            </td>
            <td className="report-break">
              {a.lastBounceAt ? (
                <>
                  {formatBerlin(a.lastBounceAt)}
                  {a.hardBounces > 1 ? <span className="meta"> ({a.hardBounces} harte Bounces)</span> : null}
                  {a.lastDiagnostic ? (
                    <>
                      <br />
                      <span className="meta">{a.lastDiagnostic}</span>
                    </>
                  ) : null}
                </>
              ) : (
                <span className="meta">{a.suppressionReason ?? "–"}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function AutoRejectionTable({ rows }: { rows: AutoRejection[] }) {
  return (
    <Table caption="Automatisch abgelehnte Pressemitteilungen mit Grund">
      <thead>
        <tr>
          <th scope="col">Abgelehnt</th>
          <th scope="col">Pressemitteilung</th>
          <th scope="col">Einsender</th>
          <th scope="col">Grund</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.releaseId}:${r.rejectedAt.toISOString()}`}>
            <td className="report-nowrap">{formatBerlin(r.rejectedAt)}</td>
            <td className="report-break">
              <Link href={`/admin/releases/${r.releaseId}`}>{r.title}</Link>
              <br />
              <span className="meta">{r.company.name}</span>
            </td>
            <td className="report-break">{r.author ? r.author.email : <span className="meta">–</span>}</td>
            <td>{r.reason ?? <span className="meta">nicht angegeben</span>}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
