import { berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { parseInvoiceLines, type InvoiceLine } from "@/lib/domains/billing/invoices/invoice-lines";
import { formHas, formText } from "@/lib/core/forms/form-fields";

// The form of /admin/payments/new as the server reads it: German money and dates into cents and
// instants, every problem as a message under its field. Pure, so it is tested without a server.

export const MANUAL_INVOICE_FORM_LINES = 5;
const EMAIL_MAX = 320;
const DESCRIPTION_FIELD_MAX = 1000;
const NUMBER_FIELD_MAX = 40;

export interface ManualInvoiceFormInput {
  customerEmail: string;
  /** Berlin midnight of the first day. */
  periodStart: Date;
  /** Berlin midnight after the last day: the end is exclusive, like an agreement's period_end. */
  periodEnd: Date;
  lines: InvoiceLine[];
  sendNow: boolean;
}

export type ManualInvoiceFormResult = { ok: true; input: ManualInvoiceFormInput } | { ok: false; issues: Record<string, string> };

/**
 * Euro as people type it ("49", "49,90", "49.9", "1.234,56", "1 234,56 €") into cents; null
 * when it is no amount. A dot alone is a decimal point; "1.234" (thousands or three decimals?) is refused, not guessed.
 */
export function parseEuroCents(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0€]/g, "");
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(s) ?? /^(\d{1,3}(?:\.\d{3}){1,2}),(\d{1,2})$/.exec(s);
  if (!m) return null;
  const euros = Number(m[1]!.replace(/\./g, ""));
  const cents = Number((m[2] ?? "").padEnd(2, "0"));
  return euros * 100 + cents;
}

/** A quantity ("1", "1,5", "0.25"): up to three decimals. */
export function parseQuantity(raw: string): number | null {
  const s = raw.trim();
  return /^\d{1,6}(?:[.,]\d{1,3})?$/.test(s) ? Number(s.replace(",", ".")) : null;
}

/** YYYY-MM-DD of the day after `day` (calendar arithmetic, no time zone involved). */
function dayAfter(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1)).toISOString().slice(0, 10);
}

export function parseManualInvoiceForm(form: unknown): ManualInvoiceFormResult {
  const issues: Record<string, string> = {};
  const customerEmail = formText(form, "customerEmail", EMAIL_MAX).trim();
  if (!customerEmail) issues.customerEmail = "Bitte geben Sie die E-Mail-Adresse des Kundenkontos an.";

  const startDay = formText(form, "periodStart", NUMBER_FIELD_MAX).trim();
  const endDay = formText(form, "periodEnd", NUMBER_FIELD_MAX).trim();
  const periodStart = berlinStartOfDay(startDay);
  const endsOn = berlinStartOfDay(endDay);
  const next = endsOn ? dayAfter(endDay) : null;
  const periodEnd = next ? berlinStartOfDay(next) : null;
  if (!periodStart) issues.periodStart = "Bitte geben Sie den ersten Tag des Leistungszeitraums an.";
  if (!periodEnd) issues.periodEnd = "Bitte geben Sie den letzten Tag des Leistungszeitraums an.";
  else if (periodStart && endsOn! < periodStart) issues.periodEnd = "Der letzte Tag liegt vor dem ersten.";

  // Rows without description and price are unused; the form's row number stays the field's name.
  const lines: InvoiceLine[] = [];
  const rows: number[] = [];
  for (let row = 0; row < MANUAL_INVOICE_FORM_LINES; row++) {
    const description = formText(form, `lines.${row}.description`, DESCRIPTION_FIELD_MAX).trim();
    const quantityText = formText(form, `lines.${row}.quantity`, NUMBER_FIELD_MAX);
    const priceText = formText(form, `lines.${row}.unitPrice`, NUMBER_FIELD_MAX);
    if (!description && !priceText.trim()) continue;
    const quantity = quantityText.trim() ? parseQuantity(quantityText) : null;
    const unitNetCents = parseEuroCents(priceText);
    if (quantity === null)
      issues[`lines.${row}.quantity`] = quantityText.trim()
        ? "Bitte eine Zahl mit höchstens drei Nachkommastellen, z. B. 1 oder 1,5."
        : "Bitte geben Sie eine Menge an.";
    if (unitNetCents === null)
      issues[`lines.${row}.unitPrice`] = priceText.trim()
        ? "Bitte einen Betrag in Euro, z. B. 49,90."
        : "Bitte geben Sie den Einzelpreis (netto) an.";
    lines.push({ description, quantity: quantity ?? 1, unitNetCents: unitNetCents ?? 0 });
    rows.push(row);
  }
  if (!lines.length) issues["lines.0.description"] = "Die Rechnung braucht mindestens eine Position.";
  else {
    // The domain's own line rules (lengths, limits, the total), named by the form's row.
    for (const issue of parseInvoiceLines(lines).issues) {
      const m = /^lines\.(\d+)\.(\w+)$/.exec(issue.path);
      const field = m ? `lines.${rows[Number(m[1])]}.${m[2] === "unitNetCents" ? "unitPrice" : m[2]}` : "lines";
      issues[field] ??= issue.message;
    }
  }
  if (Object.keys(issues).length || !periodStart || !periodEnd) return { ok: false, issues };
  return { ok: true, input: { customerEmail, periodStart, periodEnd, lines, sendNow: formHas(form, "sendNow", "1") } };
}
