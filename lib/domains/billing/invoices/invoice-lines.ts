import { z } from "zod";
import { vatOf } from "@/lib/domains/prices/catalog";
import type { ValidationIssue } from "@/lib/core/errors/errors";
import { isAcceptableText } from "@/lib/core/input/text";

/** One invoice line as issued (stored in invoices.lines): net unit price in cents. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitNetCents: number;
}

export interface InvoiceTotals {
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export const MAX_INVOICE_LINES = 50;
export const LINE_DESCRIPTION_MAX = 300;
/** Ten million euro gross: far beyond any real invoice, well inside the integer columns. */
export const MAX_INVOICE_GROSS_CENTS = 1_000_000_000;

/** The net total of one line, rounded to the cent (a quantity may be fractional: 1,5 hours). */
export function lineNetCents(line: InvoiceLine): number {
  return Math.round(line.quantity * line.unitNetCents);
}

/** Net sum of the lines, VAT on that sum (as German invoices state it once), and the gross total. */
export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  const netCents = lines.reduce((sum, line) => sum + lineNetCents(line), 0);
  const taxCents = vatOf(netCents);
  return { netCents, taxCents, grossCents: netCents + taxCents };
}

const hasAtMostThreeDecimals = (n: number) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6;

const lineSchema = z.object({
  description: z
    .string({ error: "Bitte beschreiben Sie die Leistung." })
    .trim()
    .min(1, { error: "Bitte beschreiben Sie die Leistung." })
    .max(LINE_DESCRIPTION_MAX, { error: `Höchstens ${LINE_DESCRIPTION_MAX} Zeichen.` })
    .refine(isAcceptableText, { error: "Der Text enthält ein unzulässiges Steuerzeichen." }),
  quantity: z
    .number({ error: "Die Menge muss eine Zahl sein." })
    .refine(Number.isFinite, { error: "Die Menge muss eine Zahl sein." })
    .refine((n) => n > 0, { error: "Die Menge muss größer als 0 sein." })
    .refine((n) => n <= 100_000, { error: "Die Menge ist zu groß." })
    .refine(hasAtMostThreeDecimals, { error: "Höchstens drei Nachkommastellen." }),
  unitNetCents: z
    .int({ error: "Der Einzelpreis muss ein Betrag in Cent sein." })
    .min(0, { error: "Der Einzelpreis darf nicht negativ sein." })
    .max(MAX_INVOICE_GROSS_CENTS, { error: "Der Einzelpreis ist zu hoch." }),
});

const linesSchema = z
  .array(lineSchema, { error: "Die Rechnung braucht mindestens eine Position." })
  .min(1, { error: "Die Rechnung braucht mindestens eine Position." })
  .max(MAX_INVOICE_LINES, { error: `Höchstens ${MAX_INVOICE_LINES} Positionen.` });

/** Checks lines handed in (by an admin form or a billing run): the clean lines, or the issues with their paths (`lines.0.quantity`). */
export function parseInvoiceLines(raw: unknown): { lines: InvoiceLine[]; issues: ValidationIssue[] } {
  const parsed = linesSchema.safeParse(raw);
  if (!parsed.success)
    return {
      lines: [],
      issues: parsed.error.issues.map((i) => ({ path: ["lines", ...i.path].map(String).join("."), message: i.message })),
    };
  const lines = parsed.data;
  if (invoiceTotals(lines).grossCents > MAX_INVOICE_GROSS_CENTS)
    return { lines: [], issues: [{ path: "lines", message: "Der Rechnungsbetrag ist zu hoch." }] };
  return { lines, issues: [] };
}

/** The lines column as stored (checked for shape only: the amounts were checked when issued). */
export function storedInvoiceLines(json: unknown): InvoiceLine[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((l: unknown) => {
    const { description, quantity, unitNetCents } = (l && typeof l === "object" ? l : {}) as Record<string, unknown>;
    return typeof description === "string" && typeof quantity === "number" && typeof unitNetCents === "number"
      ? [{ description, quantity, unitNetCents }]
      : [];
  });
}
