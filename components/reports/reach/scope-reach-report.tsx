import type { ReactNode } from "react";
import { ListPager } from "@/components/admin/release-pager";
import { ReportMonthChart } from "@/components/reports/month-chart";
import type { ScopeReach } from "@/lib/domains/analytics/reach/scope-reach";
import { CsvLink } from "./csv-link";
import { formatCount } from "./format";
import { KeyFigures, SourceNotes } from "./key-figures";
import { countedAtNote } from "./release-reach-panel";
import styles from "./reach.module.css";
import { MonthTable, ReleaseRowsTable } from "./scope-reach-tables";

// The reach of a newsroom (dashboard) or of a portal (admin area): totals, the last twelve
// months as a chart with their table, and the releases by views, a page at a time. Server-
// rendered; every table has its CSV download.

export function ScopeReachReport({
  reach,
  csvHref,
  pageHref,
  releaseHref,
  withNewsroom = false,
  children,
}: {
  reach: ScopeReach;
  csvHref: (table: "monate" | "pressemitteilungen") => string;
  pageHref: (page: number) => string;
  releaseHref: (id: number) => string;
  /** The release table names each release's newsroom (a whole portal). */
  withNewsroom?: boolean;
  /** Sections between the months and the releases (the admin's newsrooms). */
  children?: ReactNode;
}) {
  const { totals, releases } = reach;
  return (
    <>
      <p className="meta">{countedAtNote(reach.countedAt)}</p>
      <KeyFigures
        figures={[
          { term: "Veröffentlichte Pressemitteilungen", value: formatCount(totals.releases) },
          { term: "Aufrufe insgesamt", value: formatCount(totals.views) },
          { term: "Teilungen insgesamt", value: formatCount(totals.shares) },
          { term: "E-Mail-Klicks insgesamt", value: formatCount(totals.mailClicks) },
        ]}
      />

      <section className={styles.part} aria-labelledby="reach-months-heading">
        <h2 id="reach-months-heading">Nach Monaten</h2>
        <ReportMonthChart
          id="reach-months"
          title="Aufrufe je Monat"
          unit={["Aufruf", "Aufrufe"]}
          data={reach.months.map((m) => ({ month: m.month, count: m.views }))}
        />
        <MonthTable months={reach.months} />
        <CsvLink href={csvHref("monate")} table="Reichweite je Monat" />
      </section>

      {children}

      <section className={styles.part} aria-labelledby="reach-releases-heading">
        <h2 id="reach-releases-heading">Pressemitteilungen</h2>
        <p className="meta">Jede veröffentlichte Pressemitteilung mit ihren Zahlen seit der Veröffentlichung, die meistgelesenen zuerst.</p>
        {releases.rows.length ? (
          <ReleaseRowsTable rows={releases.rows} releaseHref={releaseHref} withNewsroom={withNewsroom} />
        ) : (
          <p className="empty">Noch keine Pressemitteilung veröffentlicht.</p>
        )}
        <ListPager page={releases.page} pageCount={releases.pageCount} href={pageHref} label="Seiten der Pressemitteilungen" />
        <CsvLink href={csvHref("pressemitteilungen")} table="Pressemitteilungen nach Aufrufen" />
      </section>

      <section className={styles.part} aria-labelledby="reach-sources-heading">
        <h2 id="reach-sources-heading">Erfasst seit</h2>
        <SourceNotes notes={reach.notes.map((n) => n.text)} />
      </section>
    </>
  );
}
