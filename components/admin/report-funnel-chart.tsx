import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";

// The funnel's stages as horizontal bars, server-rendered SVG like components/reports/bar-chart.tsx. The
// numbers themselves stand in the table beside it on the page, so the figure only describes.

export interface FunnelBar {
  stage: number;
  label: string;
  value: number;
}

const W = 720;
const ROW = 40;
const M = { top: 8, right: 72, bottom: 8, left: 250 };
const nf = new Intl.NumberFormat("de-DE");

export function ReportFunnelChart({ id, title, bars }: { id: string; title: string; bars: FunnelBar[] }) {
  const innerW = W - M.left - M.right;
  const innerH = bars.length * ROW;
  const H = innerH + M.top + M.bottom;
  const y = scaleBand<number>({ domain: bars.map((b) => b.stage), range: [0, innerH], padding: 0.25 });
  const x = scaleLinear<number>({ domain: [0, Math.max(1, ...bars.map((b) => b.value))], range: [0, innerW] });
  const summary = bars.map((b) => `Stufe ${b.stage} ${b.label}: ${nf.format(b.value)}`).join("; ");
  return (
    <figure className="report-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title}. ${summary}.`} className="chart">
        <Group left={M.left} top={M.top}>
          {bars.map((b) => {
            const top = y(b.stage) ?? 0;
            const width = x(b.value);
            return (
              <g key={b.stage}>
                <text className="chart-label" x={-12} y={top + y.bandwidth() / 2} dy="0.32em" textAnchor="end">
                  {`${b.stage} · ${b.label}`}
                </text>
                <rect className="chart-track" x={0} y={top} width={innerW} height={y.bandwidth()} />
                {b.value > 0 ? <Bar className="chart-bar" x={0} y={top} width={Math.max(2, width)} height={y.bandwidth()} /> : null}
                <text className="chart-value" x={width + 8} y={top + y.bandwidth() / 2} dy="0.32em">
                  {nf.format(b.value)}
                </text>
              </g>
            );
          })}
        </Group>
      </svg>
    </figure>
  );
}
