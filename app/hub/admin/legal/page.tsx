import type { Metadata } from "next";
import Link from "next/link";
import { LegalQueueFilter, LegalStatusTabs } from "@/components/admin/legal-queue-filter";
import { LegalQueueTable } from "@/components/admin/legal-queue-table";
import { FormActions } from "@/components/ui/form-actions";
import { PageHeader } from "@/components/ui/page-header";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import {
  LEGAL_QUEUE_PAGE_SIZE,
  listLegalRequests,
  parseLegalQueueQuery,
  type LegalQueueQuery,
} from "@/lib/domains/legal/requests/list-legal-requests";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rechtliche Anliegen" };

function pageHref(query: LegalQueueQuery, page: number): string {
  const p = new URLSearchParams({
    status: query.status,
    track: query.track,
    ...(query.referenceText ? { reference: query.referenceText } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  });
  return `/admin/legal?${p.toString()}`;
}

/** The queue of legal requests (spec 4.4): open ones first come, first served. */
export default async function LegalQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin(ADMIN_SCREENS.legal.permission);
  const queue = await listLegalRequests(parseLegalQueueQuery(await searchParams));
  return (
    <>
      <PageHeader
        title="Rechtliche Anliegen"
        description="Anträge aus dem Kundenbereich (Berichtigung, Änderung, Schwärzung, Depublizierung) und Meldungen über das öffentliche Formular. Jeder Schritt wird mit Vermerk und Bearbeiter unveränderlich festgehalten; eine Umsetzung erzeugt einen signierten Archiveintrag."
      />
      <LegalStatusTabs status={queue.status} track={queue.track} counts={queue.counts} />
      <LegalQueueFilter status={queue.status} track={queue.track} reference={queue.referenceText} />
      {queue.referenceText ? (
        <p className="meta">
          {queue.reference
            ? `Vorgang ${queue.reference}: ${queue.total ? "gefunden, unabhängig von Status und Art." : "keinen Antrag mit dieser Nummer gefunden."}`
            : "Eine Vorgangsnummer hat die Form XXXX-XXXX-XXXX (Ziffern und die Buchstaben A bis F)."}{" "}
          <Link href="/admin/legal">Filter zurücksetzen</Link>
        </p>
      ) : (
        <p className="meta">
          {queue.total} Anliegen{queue.pageCount > 1 ? ` · Seite ${queue.page} von ${queue.pageCount}` : ""}
          {queue.status === "open" ? " · älteste zuerst" : " · neueste zuerst"}
        </p>
      )}
      {queue.rows.length ? <LegalQueueTable rows={queue.rows} /> : <p className="empty">Keine Anliegen in dieser Ansicht.</p>}
      {queue.pageCount > 1 ? (
        <FormActions as="nav" aria-label="Seiten der Liste">
          {queue.page > 1 ? <Link href={pageHref(queue, queue.page - 1)}>Vorherige Seite</Link> : null}
          {queue.page < queue.pageCount ? <Link href={pageHref(queue, queue.page + 1)}>Nächste Seite</Link> : null}
          <span className="meta">je {LEGAL_QUEUE_PAGE_SIZE} Anliegen</span>
        </FormActions>
      ) : null}
    </>
  );
}
