import { Badge } from "@/components/ui/badge";
import { FormActions } from "@/components/ui/form-actions";
import { Table } from "@/components/ui/table";
import type { InvoiceStatusFilter, ManualInvoiceRow } from "@/lib/adapters/admin/payments-overview";
import { formatEuro } from "@/lib/domains/billing/money";
import { formatBerlinDay } from "@/lib/core/time/berlin-time";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { CustomerCell } from "./customer-cell";
import { INVOICE_STATUS_LABELS } from "./labels";
import { PaymentActionButton } from "./payment-action-button";
import { ReasonActionForm } from "./reason-action-form";
import styles from "./payments.module.css";

type BoundAction = (invoiceId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

export interface InvoiceActions {
  send: BoundAction;
  remind: BoundAction;
  markPaid: BoundAction;
  void: BoundAction;
}

const CAPTIONS: Record<InvoiceStatusFilter, string> = {
  open: "Offene manuelle Rechnungen (MAN), die am längsten fälligen zuerst",
  paid: "Bezahlte manuelle Rechnungen (MAN), die neuesten zuerst",
  void: "Stornierte manuelle Rechnungen (MAN), die neuesten zuerst",
  all: "Alle manuellen Rechnungen (MAN), offene zuerst",
};

const day = formatBerlinDay;

function Actions({ invoice, actions }: { invoice: ManualInvoiceRow; actions: InvoiceActions }) {
  const n = invoice.number;
  const isOpen = invoice.status === "open";
  return (
    <FormActions layout="stack" spacing="flush">
      <a href={`/admin/payments/invoices/${invoice.id}/pdf`}>
        PDF<span className="visually-hidden"> {n}</span>
      </a>
      {isOpen || invoice.status === "paid" ? (
        <PaymentActionButton action={actions.send.bind(null, invoice.id)} label="Senden" subject={n} />
      ) : null}
      {isOpen ? (
        <>
          <PaymentActionButton action={actions.remind.bind(null, invoice.id)} label="Erinnern" subject={n} />
          <PaymentActionButton
            action={actions.markPaid.bind(null, invoice.id)}
            label="Als bezahlt markieren"
            subject={n}
            variant="primary"
          />
          <ReasonActionForm
            action={actions.void.bind(null, invoice.id)}
            id={`void-${invoice.id}`}
            label="Stornieren"
            subject={n}
            reasonLabel={`Grund der Stornierung (steht auf der Rechnung ${n})`}
            confirmText={`Rechnung ${n} stornieren? Sie bleibt mit dem Vermerk „storniert“ und dem Grund erhalten; das lässt sich nicht rückgängig machen.`}
          />
        </>
      ) : null}
    </FormActions>
  );
}

/** The manual invoices of one status filter, one row per invoice with its actions. */
export function ManualInvoiceTable({
  rows,
  status,
  actions,
}: {
  rows: ManualInvoiceRow[];
  status: InvoiceStatusFilter;
  actions: InvoiceActions;
}) {
  return (
    <Table caption={CAPTIONS[status]}>
      <thead>
        <tr>
          <th scope="col">Nummer</th>
          <th scope="col">Kundin/Kunde</th>
          <th scope="col">Ausgestellt</th>
          <th scope="col">Fällig</th>
          <th scope="col" className="amount">
            Betrag (brutto)
          </th>
          <th scope="col">Versand und Erinnerungen</th>
          <th scope="col">Status</th>
          <th scope="col">Aktionen</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((invoice) => (
          <tr key={invoice.id}>
            <th scope="row" className={styles.number}>
              {invoice.number}
            </th>
            <td>
              <CustomerCell customer={invoice.customer} />
            </td>
            <td>{day(invoice.issuedAt)}</td>
            <td>
              {day(invoice.dueAt)}
              {invoice.isOverdue ? (
                <>
                  {" "}
                  <Badge tone="danger">überfällig</Badge>
                </>
              ) : null}
            </td>
            <td className="amount">{formatEuro(invoice.grossCents)}</td>
            <td>
              {invoice.sentAt ? `versandt ${day(invoice.sentAt)}` : <span className="meta">noch nicht versandt</span>}
              <div className="meta">
                {invoice.reminderCount
                  ? `${invoice.reminderCount} Erinnerung${invoice.reminderCount === 1 ? "" : "en"}, zuletzt ${day(invoice.remindedAt)}`
                  : "keine Erinnerung"}
              </div>
            </td>
            <td>
              {INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status}
              {invoice.paidAt ? <div className="meta">am {day(invoice.paidAt)}</div> : null}
              {invoice.voidedAt ? (
                <div className="meta">
                  am {day(invoice.voidedAt)}: {invoice.voidReason}
                </div>
              ) : null}
            </td>
            <td>
              <Actions invoice={invoice} actions={actions} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
