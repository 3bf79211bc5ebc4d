import Link from "next/link";
import { Table } from "@/components/ui/table";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { NewsroomReachRow } from "@/lib/domains/analytics/reach/portal-reach";
import type { MonthReach, ReleaseReachRow } from "@/lib/domains/analytics/reach/reach-of-releases";
import { germanMonth } from "../month-chart";
import { formatCount } from "./format";

// The tables of a newsroom's or a portal's reach: per month, per release, per newsroom.

export function MonthTable({ months }: { months: MonthReach[] }) {
  return (
    <Table caption="Reichweite je Monat">
      <thead>
        <tr>
          <th scope="col">Monat</th>
          <th scope="col" className="amount">
            Aufrufe
          </th>
          <th scope="col" className="amount">
            Teilungen
          </th>
          <th scope="col" className="amount">
            E-Mail-Klicks
          </th>
          <th scope="col" className="amount">
            Veröffentlichungen
          </th>
        </tr>
      </thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month}>
            <th scope="row">{germanMonth(m.month)}</th>
            <td className="amount">{formatCount(m.views)}</td>
            <td className="amount">{formatCount(m.shares)}</td>
            <td className="amount">{formatCount(m.mailClicks)}</td>
            <td className="amount">{formatCount(m.publications)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function ReleaseRowsTable({
  rows,
  releaseHref,
  withNewsroom = false,
}: {
  rows: ReleaseReachRow[];
  releaseHref: (id: number) => string;
  withNewsroom?: boolean;
}) {
  return (
    <Table caption="Pressemitteilungen nach Aufrufen">
      <thead>
        <tr>
          <th scope="col">Pressemitteilung</th>
          {withNewsroom ? <th scope="col">Newsroom</th> : null}
          <th scope="col">Veröffentlicht</th>
          <th scope="col" className="amount">
            Aufrufe
          </th>
          <th scope="col" className="amount">
            Teilungen
          </th>
          <th scope="col" className="amount">
            E-Mail-Klicks
          </th>
          <th scope="col">Erster Crawler-Abruf</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row" className="report-break">
              <Link href={releaseHref(r.id)}>{r.title}</Link>
            </th>
            {withNewsroom ? <td>{r.companyName}</td> : null}
            <td className="report-nowrap">{formatBerlin(r.publishedAt)}</td>
            <td className="amount">{formatCount(r.views)}</td>
            <td className="amount">{formatCount(r.shares)}</td>
            <td className="amount">{formatCount(r.mailClicks)}</td>
            <td className="report-nowrap">{r.firstCrawlerFetchAt ? formatBerlin(r.firstCrawlerFetchAt) : "noch keiner"}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function NewsroomRowsTable({ rows, newsroomHref }: { rows: NewsroomReachRow[]; newsroomHref: (id: number) => string }) {
  return (
    <Table caption="Newsrooms nach Aufrufen">
      <thead>
        <tr>
          <th scope="col">Newsroom</th>
          <th scope="col" className="amount">
            Pressemitteilungen
          </th>
          <th scope="col" className="amount">
            Aufrufe
          </th>
          <th scope="col" className="amount">
            Teilungen
          </th>
          <th scope="col" className="amount">
            E-Mail-Klicks
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((n) => (
          <tr key={n.id}>
            <th scope="row" className="report-break">
              <Link href={newsroomHref(n.id)}>{n.name}</Link>
            </th>
            <td className="amount">{formatCount(n.releases)}</td>
            <td className="amount">{formatCount(n.views)}</td>
            <td className="amount">{formatCount(n.shares)}</td>
            <td className="amount">{formatCount(n.mailClicks)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
