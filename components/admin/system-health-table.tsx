import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import { TechnicalDetails } from "@/components/ui/technical-details";
import type { HealthReport } from "@/lib/adapters/operations/health";
import { CHECK_LABELS, nf } from "./system-labels";

/** Every check of the health endpoint with its result and duration; the machine names and the English diagnostics of the logs under "Technische Details". */
export function SystemHealthTable({ report }: { report: HealthReport }) {
  return (
    <>
      <Table caption="Prüfungen" compact>
        <thead>
          <tr>
            <th scope="col">Prüfung</th>
            <th scope="col">Ergebnis</th>
            <th scope="col" className="amount">
              Dauer
            </th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(report.checks).map(([name, check]) => (
            <tr key={name}>
              <th scope="row">{CHECK_LABELS[name] ?? name}</th>
              <td>{check.status === "ok" ? <Badge tone="success">bestanden</Badge> : <Badge tone="danger">fehlgeschlagen</Badge>}</td>
              <td className="amount report-nowrap">{nf.format(check.latencyMs)} ms</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <TechnicalDetails>
        <p className="meta">
          Dieselben Prüfungen beantwortet <code>GET /health</code> für die Verfügbarkeitsüberwachung; eine fehlgeschlagene macht die Antwort
          zu <code>503</code>.
        </p>
        <dl className="facts" lang="en">
          {Object.entries(report.checks).map(([name, check]) => (
            <div key={name}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd className="system-detail">{check.detail ?? "–"}</dd>
            </div>
          ))}
        </dl>
      </TechnicalDetails>
    </>
  );
}
