import Link from "next/link";
import { PORTAL_LABEL } from "@/components/admin/release-labels";
import type { FeedKind, IndexState } from "@/lib/generated/prisma/client";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { CrawlerSummary, IndexCheck, ReaderFeed, ReaderSummary } from "@/lib/domains/reports/indexing-report";
import { INDEX_STATE_TONES } from "@/components/dashboard/index-status-block";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";

const nf = new Intl.NumberFormat("de-DE");
export const FEED_KIND_LABELS: Record<FeedKind, string> = {
  main: "Hauptfeed",
  category: "Kategorie",
  newsroom: "Newsroom",
  corrections: "Korrekturen",
};
export const INDEX_STATE_LABELS: Record<IndexState, string> = {
  indexed: "im Index",
  crawled_not_indexed: "gecrawlt, nicht im Index",
  not_crawled: "nicht gecrawlt",
  excluded: "ausgeschlossen",
  error: "Fehler bei der Abfrage",
};

export function ReaderTable({ readers }: { readers: ReaderSummary[] }) {
  return (
    <Table caption="Feedreader mit gemeldeten Abonnenten">
      <thead>
        <tr>
          <th scope="col">Feedreader</th>
          <th scope="col" className="amount">
            Abonnenten
          </th>
          <th scope="col" className="amount">
            Feeds
          </th>
          <th scope="col" className="amount">
            Abrufe
          </th>
          <th scope="col">Letzter Abruf</th>
        </tr>
      </thead>
      <tbody>
        {readers.map((r) => (
          <tr key={r.reader}>
            <th scope="row">{r.reader}</th>
            <td className="amount">{nf.format(r.subscribers)}</td>
            <td className="amount">{nf.format(r.feeds)}</td>
            <td className="amount">{nf.format(r.fetches)}</td>
            <td>{formatBerlin(r.lastFetchAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function ReaderFeedTable({ feeds }: { feeds: ReaderFeed[] }) {
  return (
    <Table caption="Abonnenten je Feedreader und Feed">
      <thead>
        <tr>
          <th scope="col">Feedreader</th>
          <th scope="col">Feed</th>
          <th scope="col">Portal</th>
          <th scope="col" className="amount">
            Abonnenten (zuletzt gemeldet)
          </th>
          <th scope="col" className="amount">
            Abrufe
          </th>
        </tr>
      </thead>
      <tbody>
        {feeds.map((f) => (
          <tr key={`${f.reader}:${f.kind}:${f.key}:${f.portal}:${f.language}`}>
            <td>{f.reader}</td>
            <td className="report-break">
              {FEED_KIND_LABELS[f.kind]}
              {f.kind === "main" ? null : <span className="meta"> · {f.key}</span>}
            </td>
            <td>
              {PORTAL_LABEL[f.portal]} · {f.language.toUpperCase()}
            </td>
            <td className="amount">{f.subscribers === null ? "–" : nf.format(f.subscribers)}</td>
            <td className="amount">{nf.format(f.fetches)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function CrawlerTable({ crawlers }: { crawlers: CrawlerSummary[] }) {
  return (
    <Table caption="Crawler-Abrufe von Pressemitteilungen">
      <thead>
        <tr>
          <th scope="col">Crawler</th>
          <th scope="col" className="amount">
            Abrufe
          </th>
          <th scope="col" className="amount">
            Pressemitteilungen
          </th>
          <th scope="col">Letzter Abruf</th>
        </tr>
      </thead>
      <tbody>
        {crawlers.map((c) => (
          <tr key={c.service}>
            <th scope="row">{c.service === "other" ? "andere" : c.service}</th>
            <td className="amount">{nf.format(c.fetches)}</td>
            <td className="amount">{nf.format(c.releases)}</td>
            <td>{formatBerlin(c.lastFetchAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function IndexStateTable({ states, neverChecked }: { states: { state: IndexState; releases: number }[]; neverChecked: number }) {
  return (
    <Table caption="Indexstatus der Pressemitteilungen" className="report-narrow">
      <thead>
        <tr>
          <th scope="col">Indexstatus (letzte Prüfung im Zeitraum)</th>
          <th scope="col" className="amount">
            Pressemitteilungen
          </th>
        </tr>
      </thead>
      <tbody>
        {states.map((s) => (
          <tr key={s.state}>
            <th scope="row">
              <Badge tone={INDEX_STATE_TONES[s.state]}>{INDEX_STATE_LABELS[s.state]}</Badge>
            </th>
            <td className="amount">{nf.format(s.releases)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">veröffentlicht, noch nie geprüft</th>
          <td className="amount">{nf.format(neverChecked)}</td>
        </tr>
      </tbody>
    </Table>
  );
}

export function IndexCheckTable({ checks }: { checks: IndexCheck[] }) {
  return (
    <Table caption="Letzte Indexprüfungen">
      <thead>
        <tr>
          <th scope="col">Geprüft</th>
          <th scope="col">Pressemitteilung</th>
          <th scope="col">Portal</th>
          <th scope="col">Ergebnis</th>
        </tr>
      </thead>
      <tbody>
        {checks.map((c) => (
          <tr key={`${c.releaseId}:${c.checkedAt.toISOString()}`}>
            <td className="report-nowrap">{formatBerlin(c.checkedAt)}</td>
            <td className="report-break">
              <Link href={`/admin/releases/${c.releaseId}`}>{c.title}</Link>
            </td>
            <td>{PORTAL_LABEL[c.portal]}</td>
            <td>
              <Badge tone={INDEX_STATE_TONES[c.state]}>{INDEX_STATE_LABELS[c.state]}</Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
