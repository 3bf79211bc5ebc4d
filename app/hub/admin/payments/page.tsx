import type { Metadata } from "next";
import Link from "next/link";
import { BlockedAgreementTable, GrandfatheredAgreementTable } from "@/components/admin/payments/agreement-tables";
import { INVOICE_LIST_HEADINGS } from "@/components/admin/payments/labels";
import { ManualInvoiceTable } from "@/components/admin/payments/manual-invoice-table";
import { PaymentsFilter } from "@/components/admin/payments/payments-filter";
import { PaymentsNotice } from "@/components/admin/payments/payments-notice";
import { ProviderPaymentTable } from "@/components/admin/payments/provider-payment-table";
import { FormActions } from "@/components/ui/form-actions";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import {
  loadPaymentsOverview,
  parsePaymentsQuery,
  PAYMENTS_PAGE_SIZE,
  PROVIDER_PAYMENTS_SHOWN,
} from "@/lib/adapters/admin/payments-overview";
import { requireAdmin } from "@/lib/domains/auth/session";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { billNow, endGrandfathering, markPaid, placeHold, remindInvoice, removeAgreement, sendInvoice, voidInvoice } from "./actions";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Zahlungen" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The notice after "Rechnung ausstellen" redirected here; only a real invoice number is echoed. */
function issuedNotice(params: SearchParams): ActionResult | null {
  const issued = typeof params.issued === "string" && /^MAN-\d{4}-\d{5,9}$/.test(params.issued) ? params.issued : null;
  if (!issued) return null;
  return {
    ok: true,
    message:
      params.sent === "1" ? `Rechnung ${issued} ausgestellt und versandt.` : `Rechnung ${issued} ausgestellt. Sie ist noch nicht versandt.`,
  };
}

function pageHref(query: { status: string; q: string }, page: number): string {
  const p = new URLSearchParams({ status: query.status, ...(query.q ? { q: query.q } : {}), ...(page > 1 ? { page: String(page) } : {}) });
  return `/admin/payments?${p.toString()}`;
}

/** "Die ersten 50 von 73" when a list is cut: the search narrows it down. */
function Cut({ shown, total }: { shown: number; total: number }) {
  return total > shown ? (
    <p className="meta">
      Die ersten {shown} von {total}. Grenzen Sie die Liste mit der Suche ein.
    </p>
  ) : null;
}

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin(ADMIN_SCREENS.payments.permission);
  const params = await searchParams;
  const query = parsePaymentsQuery(params);
  const overview = await loadPaymentsOverview(query);
  const { invoices, grandfathered, blocked } = overview;
  const searching = overview.q ? ` zu „${overview.q}“` : "";
  return (
    <>
      <PageHeader
        title="Zahlungen"
        actions={
          <>
            <LinkButton href="/admin/payments/new">Rechnung ausstellen</LinkButton>
            <LinkButton variant="secondary" href="/admin/payments/credits">
              Credits gutschreiben
            </LinkButton>
          </>
        }
        description="Manuelle Rechnungen (MAN) für Kundinnen und Kunden, die per Überweisung zahlen, Kartenzahlungen, bisherige Konditionen und gesperrte Abrechnungen. Jede Aktion wird im Aktivitätsprotokoll vermerkt."
      />
      <PaymentsFilter status={overview.status} q={overview.q} counts={overview.counts} />
      <PaymentsNotice initial={issuedNotice(params)}>
        <section aria-labelledby="invoices-heading">
          <h2 id="invoices-heading">{INVOICE_LIST_HEADINGS[overview.status]}</h2>
          <p className="meta">
            {invoices.total} Rechnung{invoices.total === 1 ? "" : "en"}
            {searching}
            {overview.pageCount > 1 ? ` · Seite ${overview.page} von ${overview.pageCount}` : ""}
          </p>
          {invoices.rows.length ? (
            <ManualInvoiceTable
              rows={invoices.rows}
              status={overview.status}
              actions={{ send: sendInvoice, remind: remindInvoice, markPaid, void: voidInvoice }}
            />
          ) : (
            <p className="empty">Keine Rechnungen{searching} in dieser Ansicht.</p>
          )}
          {overview.pageCount > 1 ? (
            <FormActions as="nav" aria-label="Seiten der Rechnungsliste">
              {overview.page > 1 ? <Link href={pageHref(overview, overview.page - 1)}>Vorherige Seite</Link> : null}
              {overview.page < overview.pageCount ? <Link href={pageHref(overview, overview.page + 1)}>Nächste Seite</Link> : null}
              <span className="meta">je {PAYMENTS_PAGE_SIZE} Rechnungen</span>
            </FormActions>
          ) : null}
        </section>

        <section aria-labelledby="card-heading">
          <h2 id="card-heading">Kartenzahlungen</h2>
          <p className="meta">
            Rechnungen des Zahlungsanbieters (STR) im gewählten Status; er bucht, mahnt und storniert sie selbst. Die neuesten{" "}
            {PROVIDER_PAYMENTS_SHOWN}.
          </p>
          {overview.providerPayments.length ? (
            <ProviderPaymentTable rows={overview.providerPayments} />
          ) : (
            <p className="empty">Keine Kartenzahlungen{searching} in dieser Ansicht.</p>
          )}
        </section>

        <section aria-labelledby="grandfathered-heading">
          <h2 id="grandfathered-heading">Bisherige Konditionen</h2>
          <p className="meta">Vereinbarungen, keine Rechnungen: Der Status oben gilt hier nicht, die Suche schon.</p>
          <p className="meta">
            Laufende Vereinbarungen zu den bisherigen Konditionen. Sie enden automatisch, wenn die nächste Abrechnungsperiode nach dem
            Enddatum beginnt.
          </p>
          {grandfathered.rows.length ? (
            <>
              <GrandfatheredAgreementTable rows={grandfathered.rows} end={endGrandfathering} hold={placeHold} />
              <Cut shown={grandfathered.rows.length} total={grandfathered.total} />
            </>
          ) : (
            <p className="empty">Keine Vereinbarung zu bisherigen Konditionen{searching}.</p>
          )}
        </section>

        {/* Spec 8: the blocked agreements queue last. */}
        <section aria-labelledby="blocked-heading">
          <h2 id="blocked-heading">Gesperrte Abrechnungen</h2>
          <p className="meta">
            Der Rechnungslauf stellt diesen Vereinbarungen keine Rechnung aus, bis sie hier abgerechnet oder entfernt werden.
          </p>
          {blocked.rows.length ? (
            <>
              <BlockedAgreementTable rows={blocked.rows} billNow={billNow} remove={removeAgreement} />
              <Cut shown={blocked.rows.length} total={blocked.total} />
            </>
          ) : (
            <p className="empty">Keine gesperrte Abrechnung{searching}.</p>
          )}
        </section>
      </PaymentsNotice>
    </>
  );
}
