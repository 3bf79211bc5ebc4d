import type { Metadata } from "next";
import { ReportDayChart } from "@/components/reports/day-chart";
import { CrawlerTable, IndexCheckTable, IndexStateTable, ReaderFeedTable, ReaderTable } from "@/components/admin/report-indexing-tables";
import { ReportRangeFilter } from "@/components/admin/report-range-filter";
import { buttonClass } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { incompleteFeedNote } from "@/lib/domains/reports/feed-fetch-coverage";
import { loadIndexingReport } from "@/lib/domains/reports/indexing-report";
import { pageRange } from "@/lib/domains/reports/report-range";
import { ReportNotices } from "../report-notices";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Indexierung und Abrufe" };

const FEEDS_SHOWN = 50;

export default async function IndexingReportPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdmin(ADMIN_SCREENS.indexingReport.permission);
  const params = await searchParams;
  const { range, notices } = pageRange({ from: params.from, to: params.to }, 30);
  const report = await loadIndexingReport({ range });
  const feedFetches = report.feedFetchesPerDay.reduce((s, d) => s + d.count, 0);
  const incomplete = incompleteFeedNote(report.feedCoverage);
  const csv = `/admin/reports/indexing/csv?${new URLSearchParams({ from: range.fromDay, to: range.toDay })}`;
  return (
    <>
      <PageHeader
        title="Indexierung und Abrufe"
        description="Wer die Feeds liest und wie viele Abonnenten die Feedreader melden, welche Crawler Pressemitteilungen abrufen und was die Suchmaschine zum Indexstatus sagt."
      />
      <ReportNotices notices={notices} range={range} />
      <ReportRangeFilter action="/admin/reports/indexing" label="Zeitraum des Berichts" fromDay={range.fromDay} toDay={range.toDay} />

      <section aria-labelledby="feeds-heading">
        <h2 id="feeds-heading">Feedreader</h2>
        {incomplete ? (
          <Notice tone="warning" role="note" id="feed-fetches-incomplete">
            {incomplete}
          </Notice>
        ) : null}
        <ReportDayChart id="feed-fetches" title="Feed-Abrufe pro Tag" unit={["Abruf", "Abrufe"]} data={report.feedFetchesPerDay} />
        {report.readers.length ? (
          <ReaderTable readers={report.readers} />
        ) : (
          <p className="empty">Im Zeitraum hat sich kein bekannter Feedreader gemeldet.</p>
        )}
        <p className="meta">
          {feedFetches - report.otherFeedFetches} von {feedFetches} Abrufen kamen von erkannten Feedreadern. Abonnenten: je Feed die zuletzt
          gemeldete Zahl, über die Feeds eines Readers summiert.
        </p>
        {report.readerFeeds.length ? (
          <>
            <h3>Abonnenten je Feed</h3>
            <ReaderFeedTable feeds={report.readerFeeds.slice(0, FEEDS_SHOWN)} />
            {report.readerFeeds.length > FEEDS_SHOWN ? (
              <p className="meta">
                Die {FEEDS_SHOWN} Feeds mit den meisten Abonnenten von {report.readerFeeds.length}.
              </p>
            ) : null}
          </>
        ) : null}
        <FormActions>
          <a className={buttonClass({ variant: "secondary" })} href={csv} download>
            Feed-Abrufe pro Tag als CSV
          </a>
        </FormActions>
      </section>

      <section aria-labelledby="crawlers-heading">
        <h2 id="crawlers-heading">Crawler</h2>
        <ReportDayChart id="crawler-fetches" title="Crawler-Abrufe pro Tag" unit={["Abruf", "Abrufe"]} data={report.crawlerFetchesPerDay} />
        {report.crawlers.length ? (
          <CrawlerTable crawlers={report.crawlers} />
        ) : (
          <p className="empty">Im Zeitraum hat kein Crawler eine Pressemitteilung abgerufen.</p>
        )}
      </section>

      <section aria-labelledby="index-heading">
        <h2 id="index-heading">Indexstatus</h2>
        <p className="meta">Aus der täglichen Prüfung des Suchindex: je Pressemitteilung das Ergebnis der letzten Prüfung im Zeitraum.</p>
        <IndexStateTable states={report.indexStates} neverChecked={report.publishedNeverChecked} />
        <h3>Letzte Prüfungen</h3>
        {report.latestChecks.length ? (
          <IndexCheckTable checks={report.latestChecks} />
        ) : (
          <p className="empty">Im Zeitraum wurde keine Pressemitteilung geprüft.</p>
        )}
      </section>
    </>
  );
}
