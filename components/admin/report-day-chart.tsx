import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { Table } from "@/components/ui/table";

// A per-day bar chart rendered on the server as plain SVG (visx computes the geometry, React
// writes the markup): no client script, no inline style; colours come from classes in
// app/globals.css. The figure names itself for screen readers, and the same numbers stand in a
// table under it.

export interface DayValue {
  day: string;
  count: number;
}

const W = 720;
const H = 220;
const M = { top: 12, right: 12, bottom: 30, left: 48 };
const nf = new Intl.NumberFormat("de-DE");

const short = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;
const long = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

export function ReportDayChart({
  id,
  title,
  unit,
  data,
  note,
}: {
  id: string;
  title: string;
  unit: [string, string];
  data: DayValue[];
  note?: string;
}) {
  const total = data.reduce((s, d) => s + d.count, 0);
  const peak = data.reduce<DayValue | null>((p, d) => (!p || d.count > p.count ? d : p), null);
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const x = scaleBand<string>({ domain: data.map((d) => d.day), range: [0, innerW], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, peak?.count ?? 0)], range: [innerH, 0], nice: true });
  const ticks = y.ticks(4).filter((t) => Number.isInteger(t));
  // About eight day labels, whatever the range.
  const every = Math.max(1, Math.ceil(data.length / 8));
  const plural = (n: number) => (n === 1 ? unit[0] : unit[1]);
  const summary = data.length
    ? `${nf.format(total)} ${plural(total)} vom ${long(data[0]!.day)} bis ${long(data.at(-1)!.day)}${peak && peak.count ? `, am meisten am ${long(peak.day)} (${nf.format(peak.count)})` : ""}.`
    : "Keine Tage im Zeitraum.";
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
          {data.map((d, i) => {
            const barY = y(d.count);
            return (
              <g key={d.day}>
                {d.count > 0 ? (
                  <Bar className="chart-bar" x={x(d.day)} y={barY} width={x.bandwidth()} height={innerH - barY}>
                    <title>{`${long(d.day)}: ${nf.format(d.count)} ${plural(d.count)}`}</title>
                  </Bar>
                ) : null}
                {i % every === 0 ? (
                  <text className="chart-tick" x={(x(d.day) ?? 0) + x.bandwidth() / 2} y={innerH + 18} textAnchor="middle">
                    {short(d.day)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line className="chart-axis" x1={0} x2={innerW} y1={innerH} y2={innerH} />
        </Group>
      </svg>
      <details className="chart-data">
        <summary>Werte als Tabelle</summary>
        <Table caption={title}>
          <thead>
            <tr>
              <th scope="col">Tag</th>
              <th scope="col" className="amount">
                {unit[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.day}>
                <td>{long(d.day)}</td>
                <td className="amount">{nf.format(d.count)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </figure>
  );
}
