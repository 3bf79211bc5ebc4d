import { Table } from "@/components/ui/table";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import {
  CHANNEL_LABELS,
  crawlerLabel,
  INDEX_STATE_LABELS,
  INDEXNOW_STATUS_LABELS,
  inspectorLabel,
  readerLabel,
} from "@/lib/domains/analytics/reach/labels";
import type { ReleaseReach } from "@/lib/domains/analytics/reach/release-reach";
import { formatCount } from "./format";

// The tables of one release's reach. Each has a caption (read by screen readers), column and row
// heads, numbers right-aligned; the words come from the reach labels the CSV files use too.

export function ShareTable({ shares }: { shares: ReleaseReach["shares"] }) {
  return (
    <Table caption="Teilungen je Kanal" className="report-narrow">
      <thead>
        <tr>
          <th scope="col">Kanal</th>
          <th scope="col" className="amount">
            Teilungen
          </th>
        </tr>
      </thead>
      <tbody>
        {shares.map((s) => (
          <tr key={s.channel}>
            <th scope="row">{CHANNEL_LABELS[s.channel]}</th>
            <td className="amount">{formatCount(s.count)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function FeedReaderTable({ readers }: { readers: ReleaseReach["feeds"]["readers"] }) {
  return (
    <Table caption="Feedreader mit den meisten Abonnenten">
      <thead>
        <tr>
          <th scope="col">Feedreader</th>
          <th scope="col" className="amount">
            Größte gemeldete Abonnentenzahl
          </th>
          <th scope="col" className="amount">
            Abrufe
          </th>
          <th scope="col">Erster Abruf</th>
        </tr>
      </thead>
      <tbody>
        {readers.map((r) => (
          <tr key={r.reader}>
            <th scope="row">{readerLabel(r.reader)}</th>
            <td className="amount">{r.largestSubscribers === null ? "keine Angabe" : formatCount(r.largestSubscribers)}</td>
            <td className="amount">{formatCount(r.fetches)}</td>
            <td>{formatBerlin(r.firstFetchAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function CrawlerTable({ crawlers }: { crawlers: ReleaseReach["crawlers"] }) {
  return (
    <Table caption="Abrufe durch Crawler von Suchmaschinen und Diensten">
      <thead>
        <tr>
          <th scope="col">Crawler</th>
          <th scope="col" className="amount">
            Abrufe
          </th>
          <th scope="col">Erster Abruf</th>
          <th scope="col">Letzter Abruf</th>
        </tr>
      </thead>
      <tbody>
        {crawlers.map((c) => (
          <tr key={c.service}>
            <th scope="row">{crawlerLabel(c.service)}</th>
            <td className="amount">{formatCount(c.fetches)}</td>
            <td>{formatBerlin(c.firstFetchAt)}</td>
            <td>{formatBerlin(c.lastFetchAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function IndexStateTable({ states }: { states: ReleaseReach["indexStates"] }) {
  return (
    <Table caption="Indexstatus, letzte Prüfung je Suchmaschine">
      <thead>
        <tr>
          <th scope="col">Geprüft durch</th>
          <th scope="col">Indexstatus</th>
          <th scope="col">Geprüft am</th>
        </tr>
      </thead>
      <tbody>
        {states.map((s) => (
          <tr key={s.inspector ?? "-"}>
            <th scope="row">{inspectorLabel(s.inspector)}</th>
            <td>{INDEX_STATE_LABELS[s.state]}</td>
            <td>{formatBerlin(s.checkedAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function IndexNowTable({ pings }: { pings: ReleaseReach["indexNow"] }) {
  return (
    <Table caption="IndexNow-Meldungen an Suchmaschinen">
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col" className="amount">
            Meldungen
          </th>
          <th scope="col">Erste Meldung vermerkt</th>
          <th scope="col">Zuerst gesendet</th>
        </tr>
      </thead>
      <tbody>
        {pings.map((p) => (
          <tr key={p.status}>
            <th scope="row">{INDEXNOW_STATUS_LABELS[p.status]}</th>
            <td className="amount">{formatCount(p.pings)}</td>
            <td>{formatBerlin(p.firstCreatedAt)}</td>
            <td>{p.firstSentAt ? formatBerlin(p.firstSentAt) : "–"}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
