import { db } from "@/lib/core/db/client";
import { loadBillingAddress } from "@/lib/domains/billing/invoices/billing-address";
import {
  BILLING_COUNTRIES,
  EMPTY_BILLING_ADDRESS_FORM,
  type BillingAddressFormValues,
} from "@/lib/domains/billing/invoices/billing-address-fields";

export interface BillingAddressFormStart {
  initial: BillingAddressFormValues;
  /** Whether a billing address is stored; until then invoices go to the account's name and address. */
  isStored: boolean;
  /** The newsroom whose company name and address fill the form while none is stored. */
  prefilledFrom: string | null;
}

/**
 * The values the billing-address form opens with: the stored address, else the newsroom's
 * company name and postal address (the one the plan was booked for, else the first with an
 * address the person owns or works in), so nobody types again what the newsroom already says. Nothing is stored until saved.
 */
export async function billingAddressFormStart(user: { id: number; name: string }): Promise<BillingAddressFormStart> {
  const { address } = await loadBillingAddress(user.id);
  if (address)
    return {
      initial: { ...address, company: address.company ?? "", vatId: address.vatId ?? "", invoiceEmail: address.invoiceEmail ?? "" },
      isStored: true,
      prefilledFrom: null,
    };
  const blank: BillingAddressFormValues = { ...EMPTY_BILLING_ADDRESS_FORM, name: user.name };
  const newsroom = await bookedOrOwnedNewsroom(user.id);
  if (!newsroom) return { initial: blank, isStored: false, prefilledFrom: null };
  const country = newsroom.addressCountry?.trim().toUpperCase() ?? "";
  return {
    initial: {
      ...blank,
      company: newsroom.name,
      street: newsroom.addressStreet ?? "",
      postalCode: newsroom.addressPostalCode ?? "",
      city: newsroom.addressCity ?? "",
      country: BILLING_COUNTRIES.some((c) => c.code === country) ? country : blank.country,
    },
    isStored: false,
    prefilledFrom: newsroom.name,
  };
}

const NEWSROOM_ADDRESS = {
  name: true,
  addressStreet: true,
  addressPostalCode: true,
  addressCity: true,
  addressCountry: true,
} as const;

async function bookedOrOwnedNewsroom(userId: number) {
  const owned = await db.companyUser.findMany({
    // Owners first: theirs is the newsroom a plan is booked for; a member's still names the company.
    where: { userId, company: { deletedAt: null } },
    orderBy: [{ role: "asc" }, { companyId: "asc" }],
    select: { companyId: true, company: { select: NEWSROOM_ADDRESS } },
  });
  if (!owned.length) return null;
  const booking = await db.userPaymentOption.findFirst({
    where: { userId, companyId: { in: owned.map((o) => o.companyId) } },
    orderBy: [{ status: "asc" }, { id: "desc" }],
    select: { companyId: true },
  });
  const pick = owned.find((o) => o.companyId === booking?.companyId) ?? owned.find((o) => o.company.addressStreet) ?? owned[0]!;
  return pick.company;
}
