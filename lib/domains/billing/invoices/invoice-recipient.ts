import type { DbOrTx } from "@/lib/core/db/client";

/** The recipient as addressed on the day of issue (invoices.recipient); later edits never change an issued invoice. */
export interface InvoiceRecipient {
  name: string;
  company: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  vatId: string | null;
  /** Set when no billing address existed: the account address stands in for the postal one. */
  email: string | null;
}

/**
 * The recipient of a new invoice: the billing address of the account, else the account's name
 * and e-mail with the name and address of the agreement's newsroom, if the agreement has one.
 */
export async function snapshotRecipient(
  client: DbOrTx,
  user: { id: number; name: string; email: string },
  agreementCompanyId: number | null,
): Promise<InvoiceRecipient> {
  const address = await client.billingAddress.findUnique({ where: { userId: user.id } });
  if (address) {
    return {
      name: address.name,
      company: address.company,
      street: address.street,
      postalCode: address.postalCode,
      city: address.city,
      country: address.country,
      vatId: address.vatId,
      email: null,
    };
  }
  const newsroom = agreementCompanyId
    ? await client.company.findUnique({
        where: { id: agreementCompanyId },
        select: { name: true, addressStreet: true, addressPostalCode: true, addressCity: true, addressCountry: true },
      })
    : null;
  return {
    name: user.name,
    company: newsroom?.name ?? null,
    street: newsroom?.addressStreet ?? null,
    postalCode: newsroom?.addressPostalCode ?? null,
    city: newsroom?.addressCity ?? null,
    country: newsroom?.addressCountry?.trim() || null,
    vatId: null,
    email: user.email,
  };
}

/** The stored snapshot; null or malformed (a provider invoice mirrored without one) reads as null. */
export function storedRecipient(json: unknown): InvoiceRecipient | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const r = json as Record<string, unknown>;
  if (typeof r.name !== "string") return null;
  const text = (key: string) => (typeof r[key] === "string" && (r[key] as string).trim() ? (r[key] as string) : null);
  return {
    name: r.name,
    company: text("company"),
    street: text("street"),
    postalCode: text("postalCode"),
    city: text("city"),
    country: text("country"),
    vatId: text("vatId"),
    email: text("email"),
  };
}
