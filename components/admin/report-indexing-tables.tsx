import Link from "next/link";
import { PORTAL_LABEL } from "@/components/admin/release-labels";
import type { FeedKind, IndexState } from "@/lib/generated/prisma/client";
import { formatBerlin } from "@/lib/dashboard/berlin-time";
import type { CrawlerSummary, IndexCheck, ReaderFeed, ReaderSummary } from "@/lib/reports/indexing-report";

const nf = new Intl.NumberFormat("de-DE");
export const FEED_KIND_LABELS: Record<FeedKind, string> = { main: "Hauptfeed", category: "Kategorie", newsroom: "Newsroom", corrections: "Korrekturen" };
export const INDEX_STATE_LABELS: Record<IndexState, string> = {
  indexed: "im Index",
  crawled_not_indexed: "gecrawlt, nicht im Index",
  not_crawled: "nicht gecrawlt",
  excluded: "ausgeschlossen",
  error: "Fehler bei der Abfrage",
};

export function ReaderTable({ readers }: { readers: ReaderSummary[] }) {
  return (
    <table className="table report-table">
      <caption className="visually-hidden">Feedreader mit gemeldeten Abonnenten</caption>
      <thead>
        <tr>
          <th scope="col">Feedreader</th>
          <th scope="col" className="amount">Abonnenten</th>
          <th scope="col" className="amount">Feeds</th>
          <th scope="col" className="amount">Abrufe</th>
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
    </table>
  );
}

export function ReaderFeedTable({ feeds }: { feeds: ReaderFeed[] }) {
  return (
    <table className="table report-table">
      <caption className="visually-hidden">Abonnenten je Feedreader und Feed</caption>
      <thead>
        <tr>
          <th scope="col">Feedreader</th>
          <th scope="col">Feed</th>
          <th scope="col">Portal</th>
          <th scope="col" className="amount">Abonnenten (zuletzt gemeldet)</th>
          <th scope="col" className="amount">Abrufe</th>
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
    </table>
  );
}

export function CrawlerTable({ crawlers }: { crawlers: CrawlerSummary[] }) {
  return (
    <table className="table report-table">
      <caption className="visually-hidden">Crawler-Abrufe von Pressemitteilungen</caption>
      <thead>
        <tr>
          <th scope="col">Crawler</th>
          <th scope="col" className="amount">Abrufe</th>
          <th scope="col" className="amount">Pressemitteilungen</th>
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
    </table>
  );
}

export function IndexStateTable({ states, neverChecked }: { states: { state: IndexState; releases: number }[]; neverChecked: number }) {
  return (
    <table className="table report-table report-narrow">
      <caption className="visually-hidden">Indexstatus der Pressemitteilungen</caption>
      <thead>
        <tr>
          <th scope="col">Indexstatus (letzte Prüfung im Zeitraum)</th>
          <th scope="col" className="amount">Pressemitteilungen</th>
        </tr>
      </thead>
      <tbody>
        {states.map((s) => (
          <tr key={s.state}>
            <th scope="row">
              <span className={`badge index-${s.state}`}>{INDEX_STATE_LABELS[s.state]}</span>
            </th>
            <td className="amount">{nf.format(s.releases)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">veröffentlicht, noch nie geprüft</th>
          <td className="amount">{nf.format(neverChecked)}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function IndexCheckTable({ checks }: { checks: IndexCheck[] }) {
  return (
    <table className="table report-table">
      <caption className="visually-hidden">Letzte Indexprüfungen</caption>
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
              <span className={`badge index-${c.state}`}>{INDEX_STATE_LABELS[c.state]}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
