import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { Table } from "@/components/ui/table";

// A bar chart rendered on the server as plain SVG (visx computes the geometry, React writes the
// markup): no client script, no inline style; colours come from classes in app/globals.css. The
// figure names itself for screen readers in one sentence, and the same numbers stand in a table
// under it. Admin reports and the customers' reach report share it.

export interface ChartBar {
  /** Unique, in order: "2026-03-01", "2026-03". */
  key: string;
  /** Under the bar, when there is room: "01.03.", "03/26". */
  tick: string;
  /** In sentences and the table: "01.03.2026", "März 2026". */
  label: string;
  count: number;
}

const W = 720;
const H = 220;
const M = { top: 12, right: 12, bottom: 30, left: 48 };
const nf = new Intl.NumberFormat("de-DE");

export interface BarChartProps {
  id: string;
  title: string;
  /** Singular and plural of what is counted: ["Aufruf", "Aufrufe"]. */
  unit: [string, string];
  bars: ChartBar[];
  /** How the summary names the first and the busiest bar: "vom …"/"am …" (days) or "von …"/"im …" (months). */
  period: "day" | "month";
  /** The table's first column. */
  keyHeading: string;
  note?: string;
  /** Shows the table at once (short series) instead of behind "Werte als Tabelle". */
  tableOpen?: boolean;
  /** False where the same numbers stand in a table beside the chart: no second copy under it. */
  withTable?: boolean;
}

function summaryOf({ bars, unit, period }: Pick<BarChartProps, "bars" | "unit" | "period">): string {
  if (!bars.length) return period === "day" ? "Keine Tage im Zeitraum." : "Keine Monate im Zeitraum.";
  const total = bars.reduce((s, b) => s + b.count, 0);
  const peak = bars.reduce((p, b) => (b.count > p.count ? b : p), bars[0]!);
  const plural = total === 1 ? unit[0] : unit[1];
  const [from, at] = period === "day" ? ["vom", "am"] : ["von", "im"];
  const span = bars.length === 1 ? `${at} ${bars[0]!.label}` : `${from} ${bars[0]!.label} bis ${bars.at(-1)!.label}`;
  const busiest = peak.count > 0 && bars.length > 1 ? `, am meisten ${at} ${peak.label} (${nf.format(peak.count)})` : "";
  return `${nf.format(total)} ${plural} ${span}${busiest}.`;
}

export function BarChart({ id, title, unit, bars, period, keyHeading, note, tableOpen = false, withTable = true }: BarChartProps) {
  const summary = summaryOf({ bars, unit, period });
  const peak = bars.reduce((m, b) => Math.max(m, b.count), 0);
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const x = scaleBand<string>({ domain: bars.map((b) => b.key), range: [0, innerW], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, peak)], range: [innerH, 0], nice: true });
  const ticks = y.ticks(4).filter((t) => Number.isInteger(t));
  // About eight labels under the bars, whatever their number.
  const every = Math.max(1, Math.ceil(bars.length / 8));
  const plural = (n: number) => (n === 1 ? unit[0] : unit[1]);
  return (
    <figure className="report-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        {title}
        <span className="meta"> · {summary}</span>
        {note ? <span className="meta"> {note}</span> : null}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title}: ${summary}`} className="chart">
        <Group left={M.left} top={M.top}>
          {ticks.map((t) => (
            <g key={t}>
              <line className="chart-grid" x1={0} x2={innerW} y1={y(t)} y2={y(t)} />
              <text className="chart-tick" x={-8} y={y(t)} dy="0.32em" textAnchor="end">
                {nf.format(t)}
              </text>
            </g>
          ))}
          {bars.map((b, i) => {
            const barY = y(b.count);
            return (
              <g key={b.key}>
                {b.count > 0 ? (
                  <Bar className="chart-bar" x={x(b.key)} y={barY} width={x.bandwidth()} height={innerH - barY}>
                    <title>{`${b.label}: ${nf.format(b.count)} ${plural(b.count)}`}</title>
                  </Bar>
                ) : null}
                {i % every === 0 ? (
                  <text className="chart-tick" x={(x(b.key) ?? 0) + x.bandwidth() / 2} y={innerH + 18} textAnchor="middle">
                    {b.tick}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line className="chart-axis" x1={0} x2={innerW} y1={innerH} y2={innerH} />
        </Group>
      </svg>
      {withTable ? (
        <details className="chart-data" open={tableOpen}>
          <summary>Werte als Tabelle</summary>
          <Table caption={title}>
            <thead>
              <tr>
                <th scope="col">{keyHeading}</th>
                <th scope="col" className="amount">
                  {unit[1]}
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((b) => (
                <tr key={b.key}>
                  <td>{b.label}</td>
                  <td className="amount">{nf.format(b.count)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </details>
      ) : null}
    </figure>
  );
}
