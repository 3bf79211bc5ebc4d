import { Table } from "@/components/ui/table";
import type { InvoiceView } from "@/lib/domains/billing/billing-overview";
import { formatEuro } from "@/lib/domains/billing/money";
import { formatBerlinDay as day } from "@/lib/core/time/berlin-time";

const INVOICE_STATUS: Record<string, string> = {
  open: "offen",
  paid: "bezahlt",
  void: "storniert",
  uncollectible: "uneinbringlich",
  draft: "Entwurf",
};

/** The account's invoices, newest first, with their PDFs. */
export function InvoicesTable({ invoices }: { invoices: InvoiceView[] }) {
  if (!invoices.length) return <p className="meta">Noch keine Rechnungen.</p>;
  return (
    <Table caption="Ihre Rechnungen">
      <thead>
        <tr>
          <th scope="col">Nummer</th>
          <th scope="col">Datum</th>
          <th scope="col" className="amount">
            Betrag (brutto)
          </th>
          <th scope="col">Status</th>
          <th scope="col">PDF</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((inv) => (
          <tr key={inv.id}>
            <td>{inv.number}</td>
            <td>{day(inv.issuedAt)}</td>
            <td className="amount">{formatEuro(inv.grossCents)}</td>
            <td>
              {INVOICE_STATUS[inv.status] ?? "–"}
              {inv.status === "open" && inv.dueAt ? `, fällig ${day(inv.dueAt)}` : null}
            </td>
            <td>
              {inv.hasPdf ? (
                <a href={`/dashboard/billing/invoices/${inv.id}/pdf`}>
                  PDF öffnen<span className="visually-hidden"> ({inv.number})</span>
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
