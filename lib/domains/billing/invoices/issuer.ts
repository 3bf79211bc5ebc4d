import { getConfig, type Config } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors/errors";

/** Who issues the invoices: §14 UStG wants full name, address and VAT id or tax number on each. */
export interface InvoiceIssuer {
  name: string;
  addressLines: string[];
  vatId: string | null;
  taxNumber: string | null;
  email: string | null;
  bank: { name: string | null; iban: string; bic: string | null } | null;
  /** True when any value came from the example issuer: the PDF then says it is no valid invoice. */
  isExample: boolean;
}

/** The embedded default's stand-in, marked as an example wherever it shows. */
export const EXAMPLE_ISSUER = {
  name: "Pressdesk Beispielinstallation",
  addressLines: ["Musterstraße 1", "10115 Berlin", "Deutschland"],
  vatId: "DE000000000 (Beispiel)",
  email: "rechnung@pressdesk.example",
  bank: { name: "Beispielbank", iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001" },
} as const;

type BillingConfig = Pick<Config["billing"], "strictIssuer" | "issuer">;

/**
 * The issuer from BILLING_ISSUER_* and BILLING_BANK_*. In production (strictIssuer) a missing
 * name, address or VAT id/tax number refuses with 503: an invoice without them is no valid German
 * invoice, and the numbers it would use up could not be taken back. Elsewhere (the embedded
 * default, development) missing values fall back to the example issuer.
 */
export function resolveIssuer(billing: BillingConfig): InvoiceIssuer {
  const { issuer } = billing;
  const name = issuer.name?.trim() || null;
  const addressLines = issuer.addressLines.filter((l) => l.trim());
  const vatId = issuer.vatId?.trim() || null;
  const taxNumber = issuer.taxNumber?.trim() || null;
  if (billing.strictIssuer) {
    const missing = [
      ...(name ? [] : ["BILLING_ISSUER_NAME"]),
      ...(addressLines.length ? [] : ["BILLING_ISSUER_ADDRESS"]),
      ...(vatId || taxNumber ? [] : ["BILLING_ISSUER_VAT_ID or BILLING_ISSUER_TAX_NUMBER"]),
      // Manual invoices are paid by bank transfer: without an account they cannot be paid.
      ...(issuer.bank?.iban.trim() ? [] : ["BILLING_BANK_IBAN"]),
    ];
    if (missing.length)
      throw new AppError(
        "service_unavailable",
        `Invoices cannot be issued: ${missing.join(", ")} must be set (a German invoice must name its issuer in full).`,
        { missing },
      );
  }
  const isExample = !name || !addressLines.length || !(vatId || taxNumber) || (!issuer.bank && !billing.strictIssuer);
  return {
    name: name ?? EXAMPLE_ISSUER.name,
    addressLines: addressLines.length ? addressLines : [...EXAMPLE_ISSUER.addressLines],
    vatId: vatId ?? (taxNumber ? null : EXAMPLE_ISSUER.vatId),
    taxNumber,
    email: issuer.email?.trim() || (isExample ? EXAMPLE_ISSUER.email : null),
    bank: issuer.bank
      ? { name: issuer.bank.name?.trim() || null, iban: issuer.bank.iban.trim(), bic: issuer.bank.bic?.trim() || null }
      : billing.strictIssuer
        ? null
        : { ...EXAMPLE_ISSUER.bank },
    isExample,
  };
}

/** The configured issuer (see resolveIssuer). */
export function invoiceIssuer(): InvoiceIssuer {
  return resolveIssuer(getConfig().billing);
}
