// The billing address and invoice-delivery settings (spec 4.6) as a form: rules shared by the
// browser (live validation) and the server (the authority). No server imports: this file is
// bundled into the client form.
import { z } from "@/lib/core/forms/zod-in-browser";
import { COUNTRIES } from "@/lib/domains/companies/profile/newsroom-fields";
import { hasAddressShape } from "@/lib/core/input/email-address";
import { isAcceptableText } from "@/lib/core/input/text";

export const BILLING_TEXT_FIELDS = ["name", "company", "street", "postalCode", "city", "country", "vatId", "invoiceEmail"] as const;
export type BillingTextField = (typeof BILLING_TEXT_FIELDS)[number];
export type BillingAddressField = BillingTextField | "sendPdfToAccountEmail" | "sendPdfToInvoiceEmail";

export type BillingAddressFormValues = Record<BillingTextField, string> & {
  sendPdfToAccountEmail: boolean;
  sendPdfToInvoiceEmail: boolean;
};
export type BillingAddressIssues = Partial<Record<BillingAddressField, string>>;

/** What is stored in billing_addresses: trimmed, optional values as null, VAT id compact. */
export interface BillingAddressData {
  name: string;
  company: string | null;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string | null;
  sendPdfToAccountEmail: boolean;
  invoiceEmail: string | null;
  sendPdfToInvoiceEmail: boolean;
}

export const EMPTY_BILLING_ADDRESS_FORM: BillingAddressFormValues = {
  name: "",
  company: "",
  street: "",
  postalCode: "",
  city: "",
  country: "DE",
  vatId: "",
  invoiceEmail: "",
  sendPdfToAccountEmail: true,
  sendPdfToInvoiceEmail: true,
};

export { COUNTRIES as BILLING_COUNTRIES };

const POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,10}$/i;

// The national shapes of VAT ids for the countries of the form; others: two letters and 2–13 characters.
const VAT_SHAPES: Record<string, RegExp> = {
  DE: /^DE\d{9}$/,
  AT: /^ATU\d{8}$/,
  CH: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  LU: /^LU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  NL: /^NL\d{9}B\d{2}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  IT: /^IT\d{11}$/,
  ES: /^ES[0-9A-Z]\d{7}[0-9A-Z]$/,
  PL: /^PL\d{10}$/,
  CZ: /^CZ\d{8,10}$/,
  DK: /^DK\d{8}$/,
  SE: /^SE\d{10}01$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** "de 136 695 976" -> "DE136695976"; "CHE-123.456.789 MWST" -> "CHE123456789MWST". */
export function compactVatId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-/]/g, "");
}

/** The check digit of a German USt-IdNr. (ISO 7064, MOD 11,10). */
function germanCheckDigitHolds(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < 8; i++) {
    const sum = (Number(digits[i]) + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(digits[8]);
}

/** Whether a VAT id can be one: its country's shape (and the German check digit). Not whether it is registered. */
export function isPlausibleVatId(raw: string): boolean {
  const id = compactVatId(raw);
  const prefix = id.slice(0, 2);
  // Northern Ireland (XI) numbers have the British shape.
  const shape = VAT_SHAPES[prefix === "XI" ? "GB" : prefix];
  if (!shape) return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(id);
  const shaped = prefix === "XI" ? `GB${id.slice(2)}` : id;
  return shape.test(shaped) && (prefix !== "DE" || germanCheckDigitHolds(id.slice(2)));
}

const text = (max: number, required?: string) => {
  const base = z
    .string()
    .trim()
    .max(max, { error: "Die Angabe ist zu lang." })
    .refine(isAcceptableText, { error: "Der Text enthält ein unzulässiges Steuerzeichen. Bitte tippen Sie die Stelle neu." });
  return required ? base.refine((v) => v.length > 0, { error: required }) : base;
};

/** The form's rules as a schema; parsing yields what is stored. */
export const billingAddressSchema = z
  .object({
    name: text(120, "Bitte geben Sie den Namen des Rechnungsempfängers an."),
    company: text(160),
    street: text(120, "Bitte geben Sie Straße und Hausnummer an."),
    postalCode: text(12).refine((v) => POSTAL_CODE.test(v), { error: "Bitte geben Sie die Postleitzahl an." }),
    city: text(80, "Bitte geben Sie den Ort an."),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((c) => COUNTRIES.some((x) => x.code === c), { error: "Bitte wählen Sie das Land." }),
    vatId: text(24).refine((v) => !v || isPlausibleVatId(v), {
      error: "Diese USt-IdNr. ist nicht plausibel. Bitte prüfen Sie Länderkürzel und Ziffern, z. B. DE und neun Ziffern.",
    }),
    invoiceEmail: text(320).refine((v) => !v || hasAddressShape(v), {
      error: "Bitte geben Sie eine gültige E-Mail-Adresse an, z. B. buchhaltung@firma.de.",
    }),
    sendPdfToAccountEmail: z.boolean(),
    sendPdfToInvoiceEmail: z.boolean(),
  })
  .transform((v): BillingAddressData => ({
    name: v.name.replace(/\s+/g, " "),
    company: v.company || null,
    street: v.street,
    postalCode: v.postalCode.toUpperCase(),
    city: v.city,
    country: v.country,
    vatId: v.vatId ? compactVatId(v.vatId) : null,
    sendPdfToAccountEmail: v.sendPdfToAccountEmail,
    invoiceEmail: v.invoiceEmail ? v.invoiceEmail.toLowerCase() : null,
    sendPdfToInvoiceEmail: v.sendPdfToInvoiceEmail,
  }));

/** One German message per field that breaks a rule; empty when the form may be sent. */
export function validateBillingAddressForm(values: BillingAddressFormValues): BillingAddressIssues {
  const parsed = billingAddressSchema.safeParse(values);
  if (parsed.success) return {};
  const issues: BillingAddressIssues = {};
  for (const i of parsed.error.issues) {
    const field = String(i.path[0] ?? "") as BillingAddressField;
    issues[field] ??= i.message;
  }
  return issues;
}

/** A server action receives whatever the browser sends: keep the known fields with their types. */
export function coerceBillingAddressForm(raw: unknown): BillingAddressFormValues {
  const input = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const out = { ...EMPTY_BILLING_ADDRESS_FORM };
  for (const field of BILLING_TEXT_FIELDS) {
    const value = input[field];
    out[field] = typeof value === "string" ? value.slice(0, 2_000) : "";
  }
  out.sendPdfToAccountEmail = input.sendPdfToAccountEmail === true;
  out.sendPdfToInvoiceEmail = input.sendPdfToInvoiceEmail === true;
  return out;
}
