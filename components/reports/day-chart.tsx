import { BarChart } from "./bar-chart";

// Counts per calendar day ("YYYY-MM-DD", Berlin) as a bar chart with its table: the admin
// reports' entries and fetches per day, the reach report's views per day.

export interface DayValue {
  day: string;
  count: number;
}

const short = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;
const long = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

export function ReportDayChart({
  id,
  title,
  unit,
  data,
  note,
  tableOpen,
}: {
  id: string;
  title: string;
  unit: [string, string];
  data: DayValue[];
  note?: string;
  tableOpen?: boolean;
}) {
  return (
    <BarChart
      id={id}
      title={title}
      unit={unit}
      period="day"
      keyHeading="Tag"
      bars={data.map((d) => ({ key: d.day, tick: short(d.day), label: long(d.day), count: d.count }))}
      {...(note ? { note } : {})}
      {...(tableOpen ? { tableOpen } : {})}
    />
  );
}
