import { ReportDayChart } from "@/components/reports/day-chart";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { ReleaseReachPanelData } from "@/lib/adapters/dashboard/release-reach";
import type { ReleaseReachTable } from "@/lib/domains/analytics/reach/reach-csv";
import { CsvLink } from "./csv-link";
import { formatCount, formatCounted, formatDuration } from "./format";
import { KeyFigures, SourceNotes } from "./key-figures";
import styles from "./reach.module.css";
import { CrawlerTable, FeedReaderTable, IndexNowTable, IndexStateTable, ShareTable } from "./release-reach-tables";

// "Reichweite" on the dashboard's release page: server-rendered, readable without JavaScript.
// Numbers only; no figure names a person.

/** A short series shows its values at once; a long one keeps them behind "Werte als Tabelle". */
const OPEN_TABLE_DAYS = 31;

export function countedAtNote(countedAt: Date | null): string {
  return countedAt
    ? `Stand: ${formatBerlin(countedAt)}; Aufrufe werden alle 10 Minuten gezählt.`
    : "Aufrufe werden alle 10 Minuten gezählt; die erste Zählung steht noch aus.";
}

export function ReleaseReachPanel({ panel }: { panel: ReleaseReachPanelData }) {
  const { reach } = panel;
  const csv = (table: ReleaseReachTable, name: string) =>
    panel.tables.includes(table) ? <CsvLink href={`${panel.csvBase}/${table}`} table={name} /> : null;
  const { timing, feeds } = reach;
  const beforeDaily = reach.hits - reach.totals.views;
  return (
    <section className="panel" id="reichweite" aria-labelledby="reach-heading">
      <h2 id="reach-heading">Reichweite</h2>
      <p className="meta">{countedAtNote(reach.countedAt)}</p>
      <KeyFigures
        figures={[
          { term: "Aufrufe", value: formatCount(reach.totals.views) },
          { term: "Teilungen", value: formatCount(reach.totals.shares) },
          { term: "E-Mail-Klicks", value: formatCount(reach.totals.mailClicks) },
          {
            term: "Zeit bis zur Veröffentlichung",
            value: timing.submissionToPublicationMs === null ? "nicht erfasst" : formatDuration(timing.submissionToPublicationMs),
          },
          {
            term: "Zeit bis zum ersten Crawler-Abruf",
            value: timing.publicationToFirstCrawlMs === null ? "noch kein Abruf" : formatDuration(timing.publicationToFirstCrawlMs),
          },
        ]}
      />
      {beforeDaily > 0 ? (
        <p className="meta">
          Der Zähler der Pressemitteilung steht bei {formatCount(reach.hits)} Aufrufen; {formatCount(beforeDaily)} davon wurden gezählt,
          bevor Aufrufe je Tag erfasst wurden, und fehlen im Verlauf.
        </p>
      ) : null}

      <div className={styles.part}>
        {reach.days ? (
          <ReportDayChart
            id="reach-views"
            title="Aufrufe pro Tag"
            unit={["Aufruf", "Aufrufe"]}
            data={reach.viewsPerDay}
            tableOpen={reach.viewsPerDay.length <= OPEN_TABLE_DAYS}
          />
        ) : (
          <p className="meta">Die Pressemitteilung ist noch nicht öffentlich; Aufrufe werden ab der Veröffentlichung gezählt.</p>
        )}
        {csv("aufrufe", "Aufrufe pro Tag")}
      </div>

      <section className={styles.part} aria-labelledby="reach-shares-heading">
        <h3 id="reach-shares-heading">Teilungen</h3>
        <ShareTable shares={reach.shares} />
        {csv("teilungen", "Teilungen je Kanal")}
      </section>

      <section className={styles.part} aria-labelledby="reach-feeds-heading">
        <h3 id="reach-feeds-heading">Feedreader</h3>
        <p className="meta">
          {formatCounted(feeds.fetches, "Abruf", "Abrufe")} der Feeds, in denen die Pressemitteilung erschien (Hauptfeed, Kategorie und
          Newsroom), solange sie dort unter den 50 neuesten stand; {formatCount(feeds.unnamedFetches)} davon von Programmen, die sich nicht
          als Feedreader zu erkennen geben. Abonnenten: die größte Zahl, die ein Feedreader für einen dieser Feeds gemeldet hat.
        </p>
        {feeds.readers.length ? (
          <>
            <FeedReaderTable readers={feeds.readers} />
            {feeds.readerCount > feeds.readers.length ? (
              <p className="meta">
                Die {formatCount(feeds.readers.length)} Feedreader mit den meisten Abonnenten von {formatCount(feeds.readerCount)}; die
                CSV-Datei enthält alle.
              </p>
            ) : null}
          </>
        ) : (
          <p className="empty">Seit der Veröffentlichung hat sich kein bekannter Feedreader gemeldet.</p>
        )}
        {csv("feedreader", "Feedreader")}
      </section>

      <section className={styles.part} aria-labelledby="reach-crawlers-heading">
        <h3 id="reach-crawlers-heading">Crawler</h3>
        {reach.crawlers.length ? (
          <CrawlerTable crawlers={reach.crawlers} />
        ) : (
          <p className="empty">Noch hat kein Crawler die Seite der Pressemitteilung abgerufen.</p>
        )}
        {csv("crawler", "Crawler")}
      </section>

      {panel.showIndexState ? (
        <section className={styles.part} aria-labelledby="reach-index-heading">
          <h3 id="reach-index-heading">Indexstatus</h3>
          {reach.indexStates.length ? (
            <IndexStateTable states={reach.indexStates} />
          ) : (
            <p className="empty">Noch nicht geprüft. Der Indexstand veröffentlichter Pressemitteilungen wird einmal täglich abgefragt.</p>
          )}
          {csv("indexstatus", "Indexstatus")}
        </section>
      ) : null}

      <section className={styles.part} aria-labelledby="reach-indexnow-heading">
        <h3 id="reach-indexnow-heading">IndexNow</h3>
        <p className="meta">
          Mit IndexNow melden wir neue und geänderte Pressemitteilungen an Suchmaschinen, die das Verfahren unterstützen.
        </p>
        {reach.indexNow.length ? (
          <IndexNowTable pings={reach.indexNow} />
        ) : (
          <p className="empty">Für diese Pressemitteilung ist keine IndexNow-Meldung vermerkt.</p>
        )}
        {csv("indexnow", "IndexNow-Meldungen")}
      </section>

      <section className={styles.part} aria-labelledby="reach-sources-heading">
        <h3 id="reach-sources-heading">Erfasst seit</h3>
        <SourceNotes notes={reach.notes.map((n) => n.text)} />
      </section>
    </section>
  );
}
