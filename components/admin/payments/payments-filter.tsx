import { INVOICE_STATUS_FILTERS, PAYMENTS_SEARCH_MAX, type InvoiceStatusFilter } from "@/lib/admin/payments-overview";

const STATUS_OPTIONS: Record<InvoiceStatusFilter, string> = { open: "offen", paid: "bezahlt", void: "storniert", all: "alle" };

/** Status filter and search as a plain GET form: the view is a link that can be shared and reloaded. */
export function PaymentsFilter({ status, q }: { status: InvoiceStatusFilter; q: string }) {
  return (
    <form method="get" action="/admin/payments" role="search" aria-label="Rechnungen filtern" className="form-grid" style={{ alignItems: "end", margin: "0 0 1.5rem" }}>
      <div className="field">
        <label htmlFor="payments-status">Status der Rechnungen</label>
        <select id="payments-status" name="status" defaultValue={status}>
          {INVOICE_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATUS_OPTIONS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="payments-q">E-Mail-Adresse oder Rechnungsnummer</label>
        <input id="payments-q" name="q" type="search" defaultValue={q} maxLength={PAYMENTS_SEARCH_MAX} />
      </div>
      <div>
        <button type="submit" className="button">
          Filtern
        </button>
      </div>
    </form>
  );
}
