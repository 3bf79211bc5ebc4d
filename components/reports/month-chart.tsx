import { BarChart } from "./bar-chart";

// Counts per calendar month ("YYYY-MM", Berlin) as a bar chart: the reach report of a newsroom
// or a portal, whose month table stands beside it with these numbers and more.

export interface MonthValue {
  month: string;
  count: number;
}

const MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"];

/** "2026-03" as "März 2026". */
export function germanMonth(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}

const short = (month: string) => `${month.slice(5, 7)}/${month.slice(2, 4)}`;

export function ReportMonthChart({
  id,
  title,
  unit,
  data,
  note,
}: {
  id: string;
  title: string;
  unit: [string, string];
  data: MonthValue[];
  note?: string;
}) {
  return (
    <BarChart
      id={id}
      title={title}
      unit={unit}
      period="month"
      keyHeading="Monat"
      bars={data.map((m) => ({ key: m.month, tick: short(m.month), label: germanMonth(m.month), count: m.count }))}
      withTable={false}
      {...(note ? { note } : {})}
    />
  );
}
