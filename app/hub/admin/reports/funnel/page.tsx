import type { Metadata } from "next";
import { ReportFunnelChart } from "@/components/admin/report-funnel-chart";
import { ReportFunnelTable } from "@/components/admin/report-funnel-table";
import { ReportRangeFilter } from "@/components/admin/report-range-filter";
import { PageHeader } from "@/components/ui/page-header";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { loadConversionFunnel } from "@/lib/domains/reports/conversion-funnel";
import { pageRange } from "@/lib/domains/reports/report-range";
import { ReportNotices } from "../report-notices";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Conversion-Funnel" };

export default async function FunnelReportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin(ADMIN_SCREENS.funnelReport.permission);
  const params = await searchParams;
  const { range, notices } = pageRange({ from: params.from, to: params.to }, 30);
  const funnel = await loadConversionFunnel({ range });
  return (
    <>
      <PageHeader
        title="Conversion-Funnel"
        description={
          <>
            Vom ersten Besuch über einen Mail-Link bis zur Zahlung, jede Stufe eindeutig gezählt: je Newsroom, wo das Ereignis einen nennt,
            sonst je Pressemitteilung, sonst jedes Ereignis für sich (Registrierungen nennen keinen Newsroom). Dieselben Zahlen liefert{" "}
            <code>conversion:funnel</code>.
          </>
        }
      />
      <ReportNotices notices={notices} range={range} />
      <ReportRangeFilter action="/admin/reports/funnel" label="Zeitraum des Funnels" fromDay={range.fromDay} toDay={range.toDay} />
      <ReportFunnelChart
        id="funnel-chart"
        title="Eindeutig je Stufe"
        bars={funnel.stages.map((s) => ({ stage: s.stage, label: s.label, value: s.unique }))}
      />
      <section aria-labelledby="funnel-numbers">
        <h2 id="funnel-numbers">Zahlen je Stufe und Quelle</h2>
        <ReportFunnelTable stages={funnel.stages} />
        <p className="meta">
          Stufe 3 (Profilpflege) und 5 (Zahlung) werden je Newsroom nur einmal erfasst. Conversion-Ereignisse werden 395 Tage aufbewahrt.
        </p>
      </section>
    </>
  );
}
