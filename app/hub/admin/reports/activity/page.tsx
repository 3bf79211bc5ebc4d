import type { Metadata } from "next";
import Link from "next/link";
import { ReportActivityFilter } from "@/components/admin/report-activity-filter";
import { ReportActivityTable } from "@/components/admin/report-activity-table";
import { ReportDayChart } from "@/components/reports/day-chart";
import { FormActions } from "@/components/ui/form-actions";
import { PageHeader } from "@/components/ui/page-header";
import { ACTIVITY_TYPES } from "@/lib/domains/activity/types";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { loadActivityPerDay } from "@/lib/domains/reports/activity-per-day";
import {
  ACTIVITY_PAGE_SIZE,
  activityChartRange,
  loadActivityReport,
  readActivityQuery,
  type ActivityQuery,
} from "@/lib/domains/reports/activity-report";
import { loadSubjectViews } from "@/lib/domains/reports/activity-subjects";
import { ReportNotices } from "../report-notices";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Aktivität" };

function href(query: ActivityQuery, page: { before?: string; after?: string } = {}): string {
  const p = new URLSearchParams();
  if (query.type) p.set("type", query.type);
  if (query.fromDay) p.set("from", query.fromDay);
  if (query.toDay) p.set("to", query.toDay);
  if (query.q) p.set("q", query.q);
  if (page.before) p.set("before", page.before);
  if (page.after) p.set("after", page.after);
  const s = p.toString();
  return `/admin/reports/activity${s ? `?${s}` : ""}`;
}

export default async function ActivityReportPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdmin(ADMIN_SCREENS.activityReport.permission);
  const { query, notices } = readActivityQuery(await searchParams);
  const page = await loadActivityReport(query);
  const subjects = await loadSubjectViews(page.rows);
  const perDay = await loadActivityPerDay({ range: activityChartRange(query), type: query.type });
  const typeLabel = query.type ? ACTIVITY_TYPES[query.type].label : null;
  const searching = Boolean(query.q);
  return (
    <>
      <PageHeader
        title="Aktivität"
        description="Das Aktivitätsprotokoll: Registrierungen und Anmeldungen mit ihrem Weg, Statusänderungen von Pressemitteilungen mit Ergebnis und Grund, Zahlungen und Credit-Aufladungen, Formulareingänge und jede Aktion im Verwaltungsbereich. Automatische Änderungen erscheinen als „System“."
      />
      <ReportNotices notices={notices} />
      <ReportActivityFilter query={query} />
      <ReportDayChart
        id="activity-per-day"
        title={`Einträge pro Tag${typeLabel ? `: ${typeLabel}` : ""}`}
        unit={["Eintrag", "Einträge"]}
        data={perDay}
        {...(searching ? { note: "Ohne Suchbegriff gezählt." } : {})}
      />
      <section aria-labelledby="activity-entries">
        <h2 id="activity-entries">Einträge</h2>
        <p className="meta">
          Neueste zuerst, je Seite {ACTIVITY_PAGE_SIZE}
          {typeLabel ? ` · Ereignis: ${typeLabel}` : ""}
          {query.q ? ` · Suche: „${query.q}“` : ""}
        </p>
        {page.rows.length ? (
          <ReportActivityTable rows={page.rows} subjects={subjects} />
        ) : (
          <p className="empty">Keine Einträge zu diesem Filter.</p>
        )}
        {page.newer || page.older ? (
          <FormActions as="nav" aria-label="Seiten des Aktivitätsprotokolls">
            {page.newer ? <Link href={href(query)}>Zu den neuesten</Link> : null}
            {page.newer ? <Link href={href(query, { after: page.newer })}>Neuere Einträge</Link> : null}
            {page.older ? <Link href={href(query, { before: page.older })}>Ältere Einträge</Link> : null}
          </FormActions>
        ) : null}
      </section>
    </>
  );
}
