import Link from "next/link";
import { Table } from "@/components/ui/table";
import type { OwnerBilling } from "@/lib/adapters/admin/owner-billing";
import { formatEuro } from "@/lib/domains/billing/money";
import { formatBerlinDay } from "@/lib/core/time/berlin-time";
import { AGREEMENT_STATUS_LABELS, INVOICE_STATUS_LABELS, PROVIDER_LABELS } from "./payments/labels";

/** What each owner books for the newsroom: plans, this month's quota of its limit, the latest invoices (with billing rights). */
export function CompanyBilling({ owners, showInvoices }: { owners: OwnerBilling[]; showInvoices: boolean }) {
  if (!owners.length) return <p className="empty">Der Newsroom hat keine Inhaberin und keinen Inhaber, die ein Paket buchen könnten.</p>;
  return (
    <Table caption="Pakete und Kontingent der Inhaber" compact>
      <thead>
        <tr>
          <th scope="col">Inhaber</th>
          <th scope="col">Paket</th>
          <th scope="col">Kontingent diesen Monat</th>
          {showInvoices ? <th scope="col">Letzte Rechnungen</th> : null}
        </tr>
      </thead>
      <tbody>
        {owners.map((o) => (
          <tr key={o.user.id}>
            <th scope="row">
              <Link href={`/admin/users/${o.user.id}`}>{o.user.name}</Link>
              <span className="meta admin-line">{o.user.email}</span>
            </th>
            <td>
              {o.plans.length
                ? o.plans.map((p) => (
                    <span key={p.id} className="admin-line">
                      {p.name} · {AGREEMENT_STATUS_LABELS[p.status] ?? "unbekannter Stand"} · {PROVIDER_LABELS[p.provider]}
                      {p.cancelAtPeriodEnd && p.periodEnd ? ` · gekündigt zum ${formatBerlinDay(p.periodEnd)}` : ""}
                    </span>
                  ))
                : "kein Paket"}
            </td>
            <td>
              {o.quota.used} von {o.quota.limit} veröffentlicht
            </td>
            {showInvoices ? (
              <td>
                {o.invoices.length ? (
                  <ul className="plain-list">
                    {o.invoices.map((i) => (
                      <li key={i.id}>
                        <a href={`/admin/payments/invoices/${i.id}/pdf`}>{i.number}</a> · {formatBerlinDay(i.issuedAt)} ·{" "}
                        {formatEuro(i.grossCents)} · {INVOICE_STATUS_LABELS[i.status] ?? "unbekannter Stand"}
                      </li>
                    ))}
                  </ul>
                ) : (
                  "keine"
                )}
                {o.invoiceTotal > o.invoices.length ? (
                  <Link className="admin-line" href={`/admin/payments?status=all&q=${encodeURIComponent(o.user.email)}`}>
                    Alle {o.invoiceTotal} Rechnungen
                  </Link>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
