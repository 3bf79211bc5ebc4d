import type { Tx } from "@/lib/core/db/client";
import { berlinYear } from "./invoice-format";

export type InvoicePrefix = "STR" | "MAN";

/** "MAN-2026-00001": prefix, Berlin year, a counter of at least five digits. */
export function formatInvoiceNumber(prefix: InvoicePrefix, year: number, counter: number): string {
  return `${prefix}-${year}-${String(counter).padStart(5, "0")}`;
}

/**
 * The next number of a prefix in the Berlin year of `at`. One statement both creates the year's
 * counter and advances it, and its row lock is held until `tx` ends. Race: two invoices issued
 * at once; the second waits on the counter row until the first commits (and reads its number)
 * or rolls back (and reuses it). So numbers are gapless and unique, provided the invoice is
 * inserted in this same transaction.
 */
export async function nextInvoiceNumber(tx: Tx, prefix: InvoicePrefix, at: Date): Promise<string> {
  const year = berlinYear(at);
  const rows = await tx.$queryRaw<{ last_number: number }[]>`
    INSERT INTO invoice_number_sequences (prefix, year, last_number) VALUES (${prefix}, ${year}::int, 1)
    ON CONFLICT (prefix, year) DO UPDATE SET last_number = invoice_number_sequences.last_number + 1
    RETURNING last_number`;
  return formatInvoiceNumber(prefix, year, Number(rows[0]!.last_number));
}
