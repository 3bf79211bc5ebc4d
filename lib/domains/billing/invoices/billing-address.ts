import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { AppError, type ValidationIssue } from "@/lib/core/errors/errors";
import { IMPLAUSIBLE_DOMAIN_FORM_MESSAGE, implausibleDomainIssues } from "@/lib/domains/mail/domain-checks/domain-issues";
import { hasPlausibleDomain } from "@/lib/domains/mail/domain-plausibility";
import {
  billingAddressSchema,
  validateBillingAddressForm,
  type BillingAddressData,
  type BillingAddressFormValues,
} from "./billing-address-fields";
import { DEFAULT_DELIVERY_SETTINGS } from "./invoice-delivery";

export { billingAddressSchema };

export interface SaveBillingAddressOptions {
  userId: number;
  values: BillingAddressFormValues;
  /** Who acts in the customer's session: the address and the delivery settings are the customer's own, not changed by staff acting as the customer. */
  acting?: Acting;
}

const STORED_FIELDS = [
  "name",
  "company",
  "street",
  "postalCode",
  "city",
  "country",
  "vatId",
  "sendPdfToAccountEmail",
  "invoiceEmail",
  "sendPdfToInvoiceEmail",
] as const;

/**
 * Checks the billing address and delivery settings (the form's rules, then the invoice address's
 * domain: no or a mistyped TLD, then DNS, outside any transaction) and returns what to store.
 * Throws validation_failed (422) with one German issue per field.
 */
async function parseBillingAddress(values: BillingAddressFormValues): Promise<BillingAddressData> {
  const issues = validateBillingAddressForm(values);
  const email = values.invoiceEmail.trim().toLowerCase();
  if (email && !issues.invoiceEmail && !hasPlausibleDomain(email))
    issues.invoiceEmail = "Die Domain dieser Adresse gibt es nicht. Bitte prüfen Sie die Schreibweise (z. B. .de, .com).";
  if (email && !issues.invoiceEmail && (await implausibleDomainIssues({ invoiceEmail: email })).length)
    issues.invoiceEmail = IMPLAUSIBLE_DOMAIN_FORM_MESSAGE;
  const list: ValidationIssue[] = Object.entries(issues).map(([path, message]) => ({ path, message }));
  if (list.length) throw new AppError("validation_failed", "Die Rechnungsadresse hat ungültige Angaben.", undefined, list);
  return billingAddressSchema.parse(values);
}

/**
 * Saves the account's billing address with its invoice-delivery settings (spec 4.6). Invoices
 * already issued keep the address they were issued to (their recipient snapshot).
 */
export async function saveBillingAddress(opts: SaveBillingAddressOptions): Promise<{ changed: string[] }> {
  assertNotImpersonating(opts.acting, "billing_details");
  const data = await parseBillingAddress(opts.values);
  return db.$transaction(async (tx) => {
    // Race: an invoice issued at this moment snapshots the address under the same account lock
    // (createManualInvoice), so it takes either the old or the new address, whole.
    const locked = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM users WHERE id = ${opts.userId} AND is_active AND deleted_at IS NULL FOR UPDATE`;
    if (!locked.length) throw new AppError("not_found", "Dieses Kundenkonto gibt es nicht.");
    const before = await tx.billingAddress.findUnique({ where: { userId: opts.userId } });
    const changed = STORED_FIELDS.filter((f) => !before || before[f] !== data[f]);
    if (!changed.length) return { changed: [] };
    await tx.billingAddress.upsert({ where: { userId: opts.userId }, create: { userId: opts.userId, ...data }, update: data });
    // Field names only: the address itself stays out of the activity log.
    await recordActivity(
      {
        actorUserId: opts.userId,
        type: ACTIVITY.billingAddressSaved,
        subjectType: "user",
        subjectId: opts.userId,
        result: before ? "updated" : "created",
        metadata: { changed: [...changed] },
      },
      tx,
    );
    return { changed: [...changed] };
  });
}

export interface LoadedBillingAddress {
  /** Null until the customer saved one: invoices then go to the account address with the PDF. */
  address: BillingAddressData | null;
  settings: { sendPdfToAccountEmail: boolean; invoiceEmail: string | null; sendPdfToInvoiceEmail: boolean };
}

export async function loadBillingAddress(userId: number): Promise<LoadedBillingAddress> {
  const row = await db.billingAddress.findUnique({ where: { userId } });
  if (!row) return { address: null, settings: { ...DEFAULT_DELIVERY_SETTINGS } };
  const address: BillingAddressData = {
    name: row.name,
    company: row.company,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country.trim(),
    vatId: row.vatId,
    sendPdfToAccountEmail: row.sendPdfToAccountEmail,
    invoiceEmail: row.invoiceEmail,
    sendPdfToInvoiceEmail: row.sendPdfToInvoiceEmail,
  };
  return {
    address,
    settings: {
      sendPdfToAccountEmail: row.sendPdfToAccountEmail,
      invoiceEmail: row.invoiceEmail,
      sendPdfToInvoiceEmail: row.sendPdfToInvoiceEmail,
    },
  };
}
