import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import type { HealthReport } from "@/lib/adapters/operations/health";
import { CHECK_LABELS, nf } from "./system-labels";

/** Every check of GET /health with its result, duration and detail (details are the English diagnostics of the logs). */
export function SystemHealthTable({ report }: { report: HealthReport }) {
  return (
    <Table caption="Prüfungen des Health-Endpunkts" compact>
      <thead>
        <tr>
          <th scope="col">Prüfung</th>
          <th scope="col">Ergebnis</th>
          <th scope="col" className="amount">
            Dauer
          </th>
          <th scope="col">Detail</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(report.checks).map(([name, check]) => (
          <tr key={name}>
            <th scope="row">
              {CHECK_LABELS[name] ?? name} <code className="meta">{name}</code>
            </th>
            <td>{check.status === "ok" ? <Badge tone="success">bestanden</Badge> : <Badge tone="danger">fehlgeschlagen</Badge>}</td>
            <td className="amount report-nowrap">{nf.format(check.latencyMs)} ms</td>
            <td className="system-detail" lang="en">
              {check.detail ?? ""}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
