// German formats of an invoice, in Berlin time: "01.11.2026", "1,5" (amounts: lib/billing/money.ts).
// Pure, so the PDF and the pages write dates alike.

const quantity = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 3 });
const date = new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" });

export function formatQuantity(value: number): string {
  return quantity.format(value);
}

/** "01.11.2026", the calendar day in Berlin. */
export function formatInvoiceDate(at: Date): string {
  return date.format(at);
}

/**
 * The service period as the invoice names it: "01.11.2026 – 30.11.2026". The stored end is the
 * instant the period ends (exclusive, like an agreement's period_end), so its last day is the
 * Berlin day just before that instant.
 */
export function formatServicePeriod(start: Date, end: Date): string {
  const lastDay = new Date(Math.max(start.getTime(), end.getTime() - 1));
  return `${formatInvoiceDate(start)} – ${formatInvoiceDate(lastDay)}`;
}

/** The calendar year of an instant in Berlin (invoice numbers count per year). */
export function berlinYear(at: Date): number {
  return Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric" }).format(at));
}
