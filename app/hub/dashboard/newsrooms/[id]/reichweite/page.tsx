import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ScopeReachReport } from "@/components/reports/reach/scope-reach-report";
import { Notice } from "@/components/ui/notice";
import { NewsroomTabs } from "@/components/dashboard/newsroom/newsroom-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { loadNewsroomReach } from "@/lib/domains/analytics/reach/newsroom-reach";
import { pastLastPageNotice, readReachPage } from "@/lib/domains/analytics/reach/reach-page";
import { requireUser } from "@/lib/domains/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Reichweite des Newsrooms" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(userId: number, rawId: string, page: number) {
  const companyId = parseRecordId(rawId);
  if (companyId === null) notFound();
  try {
    return await loadNewsroomReach({ userId, companyId, page });
  } catch (err) {
    // Another newsroom: the same 404 as one that does not exist.
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

export default async function NewsroomReachPage({ params, searchParams }: Props) {
  const { user } = await requireUser();
  const asked = readReachPage((await searchParams).page);
  const reach = await load(user.id, (await params).id, asked.page);
  const base = `/dashboard/newsrooms/${reach.newsroom.id}/reichweite`;
  const notice = asked.notice ?? pastLastPageNotice(asked.page, reach.releases.page);
  return (
    <>
      <PageHeader
        back={{ href: `/dashboard/newsrooms/${reach.newsroom.id}`, label: reach.newsroom.name }}
        title="Reichweite"
        description={`Wie oft die Pressemitteilungen von ${reach.newsroom.name} gelesen, geteilt und aus E-Mails aufgerufen wurden, je Monat und je Pressemitteilung. Nur Zahlen: Niemand wird dabei erkannt.`}
      />
      <NewsroomTabs companyId={reach.newsroom.id} current="reach" />
      {notice ? (
        <Notice tone="warning" role="status" id="report-notices">
          {notice}
        </Notice>
      ) : null}
      <ScopeReachReport
        reach={reach}
        csvHref={(table) => `${base}/${table}`}
        pageHref={(page) => (page > 1 ? `${base}?page=${page}` : base)}
        releaseHref={(id) => `/dashboard/releases/${id}#reichweite`}
      />
    </>
  );
}
