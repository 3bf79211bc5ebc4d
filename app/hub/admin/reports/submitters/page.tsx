import type { Metadata } from "next";
import { ReportCopyText } from "@/components/admin/report-copy-text";
import { ReportRangeFilter } from "@/components/admin/report-range-filter";
import { AutoRejectionTable, DeadAddressTable } from "@/components/admin/report-submitter-tables";
import { buttonClass } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { PageHeader } from "@/components/ui/page-header";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { pageRange } from "@/lib/domains/reports/report-range";
import { ReportNotices } from "../report-notices";
import { submitterCopyText } from "@/lib/domains/reports/submitter-export";
import { loadSubmitterReport, SUBMITTER_ROWS_MAX } from "@/lib/domains/reports/submitter-report";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Einsender" };

export default async function SubmitterReportPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdmin(ADMIN_SCREENS.submitterReport.permission);
  const params = await searchParams;
  const { range, notices } = pageRange({ from: params.from, to: params.to }, 30);
  const report = await loadSubmitterReport({ range });
  const csv = (part: string) => `/admin/reports/submitters/csv?${new URLSearchParams({ part, from: range.fromDay, to: range.toDay })}`;
  return (
    <>
      <PageHeader
        title="Einsender"
        description="Adressen von Einsendern, die keine Mail mehr erreicht, und Pressemitteilungen, die die automatische Prüfung abgelehnt hat. Dieser Bericht verschickt nichts: Text kopieren oder als CSV laden und selbst entscheiden."
      />
      <ReportNotices notices={notices} range={range} />
      <ReportRangeFilter action="/admin/reports/submitters" label="Zeitraum der Ablehnungen" fromDay={range.fromDay} toDay={range.toDay} />

      <section aria-labelledby="dead-heading">
        <h2 id="dead-heading">Unzustellbare Adressen</h2>
        <p className="meta">
          Konto-Adressen von Autoren und Newsroom-Adressen, die gesperrt sind (harter Bounce, Beschwerde, manuell) oder signiert hart
          gebounct haben. Stand heute, unabhängig vom Zeitraum.
        </p>
        {report.deadAddresses.length ? (
          <DeadAddressTable rows={report.deadAddresses} />
        ) : (
          <p className="empty">Keine unzustellbare Einsender-Adresse.</p>
        )}
        {report.deadAddresses.length ? (
          <FormActions>
            <a className={buttonClass({ variant: "secondary" })} href={csv("addresses")} download>
              Adressen als CSV
            </a>
          </FormActions>
        ) : null}
      </section>

      <section aria-labelledby="rejected-heading">
        <h2 id="rejected-heading">Automatisch abgelehnt</h2>
        <p className="meta">Von der automatischen Prüfung abgelehnte Pressemitteilungen im Zeitraum, mit dem Grund der Prüfung.</p>
        {report.autoRejections.length ? (
          <AutoRejectionTable rows={report.autoRejections} />
        ) : (
          <p className="empty">Im Zeitraum wurde keine Pressemitteilung automatisch abgelehnt.</p>
        )}
        {report.autoRejections.length >= SUBMITTER_ROWS_MAX ? (
          <p className="meta">Die neuesten {SUBMITTER_ROWS_MAX}; ein kürzerer Zeitraum zeigt den Rest.</p>
        ) : null}
        {report.autoRejections.length ? (
          <FormActions>
            <a className={buttonClass({ variant: "secondary" })} href={csv("rejections")} download>
              Ablehnungen als CSV
            </a>
          </FormActions>
        ) : null}
      </section>

      <section aria-labelledby="copy-heading">
        <h2 id="copy-heading">Als Text</h2>
        <ReportCopyText id="submitter-copy" label="Bericht zum Kopieren" text={submitterCopyText(report)} />
      </section>
    </>
  );
}
