import type { Metadata } from "next";
import Link from "next/link";
import { CsvLink } from "@/components/reports/reach/csv-link";
import { ScopeReachReport } from "@/components/reports/reach/scope-reach-report";
import { NewsroomRowsTable } from "@/components/reports/reach/scope-reach-tables";
import { ReachReportFilter } from "@/components/reports/reach/reach-report-filter";
import { PageHeader } from "@/components/ui/page-header";
import { loadReachReport, REACH_REPORT_SCREEN, reachReportHref } from "@/lib/adapters/admin/reach-report";
import { requireAdmin } from "@/lib/domains/auth/session";
import { SITE_NAMES } from "@/lib/domains/sites";
import { ReportNotices } from "../report-notices";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Reichweite" };

export default async function ReachReportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin(REACH_REPORT_SCREEN.permission);
  const { query, notices, reach, matches } = await loadReachReport(await searchParams);
  const scope = { portal: query.portal, newsroomId: query.newsroomId };
  const csvHref = (table: string) => reachReportHref(scope, `${REACH_REPORT_SCREEN.href}/${table}`);
  return (
    <>
      <PageHeader
        title="Reichweite"
        description={`Aufrufe, Teilungen und E-Mail-Klicks der Pressemitteilungen auf ${SITE_NAMES[query.portal]}${reach.newsroom ? ` von ${reach.newsroom.name}` : ""}, je Monat, je Pressemitteilung und je Newsroom. Nur Zahlen, keine Personen.`}
      />
      <ReportNotices notices={notices} />
      <ReachReportFilter query={query} newsroom={reach.newsroom} matches={matches} />
      <ScopeReachReport
        reach={reach}
        csvHref={csvHref}
        pageHref={(page) => reachReportHref({ ...scope, page })}
        releaseHref={(id) => `/admin/releases/${id}`}
        withNewsroom={!reach.newsroom}
      >
        {reach.newsroom ? null : (
          <section aria-labelledby="reach-newsrooms-heading">
            <h2 id="reach-newsrooms-heading">Newsrooms</h2>
            <p className="meta">Die Newsrooms mit den meisten Aufrufen ihrer Pressemitteilungen auf diesem Portal, seit es Zahlen gibt.</p>
            {reach.newsrooms.length ? (
              <NewsroomRowsTable rows={reach.newsrooms} newsroomHref={(id) => reachReportHref({ portal: query.portal, newsroomId: id })} />
            ) : (
              <p className="empty">Auf diesem Portal ist noch keine Pressemitteilung erschienen.</p>
            )}
            <CsvLink href={csvHref("newsrooms")} table="Newsrooms nach Aufrufen" />
          </section>
        )}
      </ScopeReachReport>
      {reach.newsroom ? (
        <p className="meta">
          <Link href={`/admin/companies/${reach.newsroom.id}`}>Zum Newsroom {reach.newsroom.name} in der Verwaltung</Link>
        </p>
      ) : null}
    </>
  );
}
