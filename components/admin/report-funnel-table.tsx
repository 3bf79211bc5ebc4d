import { Table } from "@/components/ui/table";
import type { FunnelStage } from "@/lib/domains/reports/conversion-funnel";

const nf = new Intl.NumberFormat("de-DE");
const pct = new Intl.NumberFormat("de-DE", { style: "percent", maximumFractionDigits: 1 });

/** The funnel's numbers per stage, with the sources under each stage. */
export function ReportFunnelTable({ stages }: { stages: FunnelStage[] }) {
  const first = stages[0]?.unique ?? 0;
  return (
    <Table caption="Conversion-Funnel je Stufe und Quelle">
      <thead>
        <tr>
          <th scope="col">Stufe</th>
          <th scope="col" className="amount">
            Eindeutig
          </th>
          <th scope="col" className="amount">
            Ereignisse
          </th>
          <th scope="col" className="amount">
            Newsrooms
          </th>
          <th scope="col" className="amount">
            Anteil an Stufe 1
          </th>
        </tr>
      </thead>
      {stages.map((s) => (
        <tbody key={s.stage} className="report-group">
          <tr>
            <th scope="row">
              {s.stage} · {s.label}
            </th>
            <td className="amount">
              <strong>{nf.format(s.unique)}</strong>
            </td>
            <td className="amount">{nf.format(s.events)}</td>
            <td className="amount">{nf.format(s.companies)}</td>
            <td className="amount">{first ? pct.format(s.unique / first) : "–"}</td>
          </tr>
          {s.sources.map((src) => (
            <tr key={src.source ?? ""} className="report-subrow">
              <td>
                <span className="meta">Quelle</span> {src.source ?? "ohne Angabe"}
              </td>
              <td className="amount">{nf.format(src.unique)}</td>
              <td className="amount">{nf.format(src.events)}</td>
              <td />
              <td />
            </tr>
          ))}
        </tbody>
      ))}
    </Table>
  );
}
