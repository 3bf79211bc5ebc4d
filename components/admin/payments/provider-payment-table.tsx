import { Table } from "@/components/ui/table";
import type { ProviderPaymentRow } from "@/lib/adapters/admin/payments-overview";
import { formatEuro } from "@/lib/domains/billing/money";
import { formatBerlinDay } from "@/lib/core/time/berlin-time";
import { CustomerCell } from "./customer-cell";
import { INVOICE_STATUS_LABELS } from "./labels";
import styles from "./payments.module.css";

/** Card payments (STR): the provider bills and dunns them, so they are only shown here. */
export function ProviderPaymentTable({ rows }: { rows: ProviderPaymentRow[] }) {
  return (
    <Table caption="Die neuesten Kartenzahlungen (STR)">
      <thead>
        <tr>
          <th scope="col">Nummer</th>
          <th scope="col">Kundin/Kunde</th>
          <th scope="col">Datum</th>
          <th scope="col" className="amount">
            Betrag (brutto)
          </th>
          <th scope="col">Status</th>
          <th scope="col">PDF</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => (
          <tr key={p.id}>
            <th scope="row" className={styles.number}>
              {p.number}
            </th>
            <td>
              <CustomerCell customer={p.customer} />
            </td>
            <td>{formatBerlinDay(p.paidAt ?? p.issuedAt)}</td>
            <td className="amount">{formatEuro(p.grossCents)}</td>
            <td>{INVOICE_STATUS_LABELS[p.status] ?? p.status}</td>
            <td>
              {p.hasPdf ? (
                <a href={`/admin/payments/invoices/${p.id}/pdf`}>
                  PDF<span className="visually-hidden"> {p.number}</span>
                </a>
              ) : (
                <span className="meta">folgt</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
