// German formats of an invoice, in Berlin time: "01.11.2026", "1,5" (amounts: lib/domains/billing/money.ts).
// Pure, so the PDF and the pages write dates alike (days: formatBerlinDay, as every German page).
import { formatBerlinDay } from "@/lib/core/time/berlin-time";

const quantity = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 3 });

export function formatQuantity(value: number): string {
  return quantity.format(value);
}

/**
 * The service period as the invoice names it: "01.11.2026 – 30.11.2026". The stored end is the
 * instant the period ends (exclusive, like an agreement's period_end), so its last day is the
 * Berlin day just before that instant.
 */
export function formatServicePeriod(start: Date, end: Date): string {
  const lastDay = new Date(Math.max(start.getTime(), end.getTime() - 1));
  return `${formatBerlinDay(start)} – ${formatBerlinDay(lastDay)}`;
}

/** The calendar year of an instant in Berlin (invoice numbers count per year). */
export function berlinYear(at: Date): number {
  return Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric" }).format(at));
}
