import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { StatusTabs } from "@/components/ui/status-tabs";
import { INVOICE_STATUS_FILTERS, PAYMENTS_SEARCH_MAX, type InvoiceStatusFilter } from "@/lib/adapters/admin/payments-overview";
import { listHref } from "@/lib/adapters/admin/list-query";
import styles from "./payments.module.css";

const STATUS_TABS: Record<InvoiceStatusFilter, string> = { open: "Offen", paid: "Bezahlt", void: "Storniert", all: "Alle" };

/**
 * The invoices' status as tabs with their counts (manual and card invoices alike) and the search
 * as a plain GET form: every view is a link that can be shared and reloaded.
 */
export function PaymentsFilter({
  status,
  q,
  counts,
}: {
  status: InvoiceStatusFilter;
  q: string;
  counts: Record<InvoiceStatusFilter, number>;
}) {
  return (
    <>
      <StatusTabs
        label="Rechnungen nach Status"
        current={status}
        tabs={INVOICE_STATUS_FILTERS.map((s) => ({
          key: s,
          label: STATUS_TABS[s],
          count: counts[s],
          href: listHref("/admin/payments", { status: s, q }, 1),
        }))}
      />
      <form method="get" action="/admin/payments" role="search" aria-label="Zahlungen durchsuchen" className={`form-grid ${styles.filter}`}>
        <input type="hidden" name="status" value={status} />
        <Field id="payments-q" label="E-Mail-Adresse oder Rechnungsnummer">
          <input id="payments-q" name="q" type="search" defaultValue={q} maxLength={PAYMENTS_SEARCH_MAX} />
        </Field>
        <FormActions spacing="flush">
          <Button type="submit">Suchen</Button>
        </FormActions>
      </form>
    </>
  );
}
