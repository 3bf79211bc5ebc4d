import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { INVOICE_STATUS_FILTERS, PAYMENTS_SEARCH_MAX, type InvoiceStatusFilter } from "@/lib/adapters/admin/payments-overview";
import styles from "./payments.module.css";

const STATUS_OPTIONS: Record<InvoiceStatusFilter, string> = { open: "offen", paid: "bezahlt", void: "storniert", all: "alle" };

/** Status filter and search as a plain GET form: the view is a link that can be shared and reloaded. */
export function PaymentsFilter({ status, q }: { status: InvoiceStatusFilter; q: string }) {
  return (
    <form method="get" action="/admin/payments" role="search" aria-label="Rechnungen filtern" className={`form-grid ${styles.filter}`}>
      <Field id="payments-status" label="Status der Rechnungen">
        <select id="payments-status" name="status" defaultValue={status}>
          {INVOICE_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATUS_OPTIONS[s]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="payments-q" label="E-Mail-Adresse oder Rechnungsnummer">
        <input id="payments-q" name="q" type="search" defaultValue={q} maxLength={PAYMENTS_SEARCH_MAX} />
      </Field>
      <FormActions spacing="flush">
        <Button type="submit">Filtern</Button>
      </FormActions>
    </form>
  );
}
