import { describe, expect, it } from "vitest";
import { saveBillingAddress } from "@/lib/domains/billing/invoices/billing-address";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedUser } from "@/tests/factories";
import { billingAddressFormStart } from "./billing-address-form";

// The billing-address form opens with the newsroom's company name and address while no billing
// address is stored; the person changes what differs and saves. A stored address always wins.

async function ownerOf(company: Parameters<typeof seedCompany>[0], role: "owner" | "member" = "owner") {
  const user = await seedUser({ name: "Petra Presse" });
  const newsroom = await seedCompany(company);
  await db.companyUser.create({ data: { companyId: newsroom.id, userId: user.id, role, grantedVia: "manual" } });
  return { user, newsroom };
}

const HAFENLICHT = {
  name: "Hafenlicht GmbH",
  addressStreet: "Am Kai 7",
  addressPostalCode: "20457",
  addressCity: "Hamburg",
  addressCountry: "DE",
};

describe("billingAddressFormStart", () => {
  it("fills the empty form from the newsroom; the person's changes are what is saved", async () => {
    const { user } = await ownerOf(HAFENLICHT);
    const start = await billingAddressFormStart(user);
    expect(start).toMatchObject({ isStored: false, prefilledFrom: "Hafenlicht GmbH" });
    expect(start.initial).toMatchObject({
      name: "Petra Presse",
      company: "Hafenlicht GmbH",
      street: "Am Kai 7",
      postalCode: "20457",
      city: "Hamburg",
      country: "DE",
      vatId: "",
      invoiceEmail: "",
      sendPdfToAccountEmail: true,
      sendPdfToInvoiceEmail: true,
    });
    // Nothing is stored by opening the form.
    expect(await db.billingAddress.count({ where: { userId: user.id } })).toBe(0);

    await saveBillingAddress({ userId: user.id, values: { ...start.initial, name: "Buchhaltung Hafenlicht", street: "Am Kai 9" } });
    const saved = await billingAddressFormStart(user);
    expect(saved).toMatchObject({ isStored: true, prefilledFrom: null });
    expect(saved.initial).toMatchObject({
      name: "Buchhaltung Hafenlicht",
      company: "Hafenlicht GmbH",
      street: "Am Kai 9",
      city: "Hamburg",
    });
  });

  it("keeps a stored address even when the newsroom's differs", async () => {
    const { user } = await ownerOf(HAFENLICHT);
    await saveBillingAddress({
      userId: user.id,
      values: {
        name: "Petra Presse",
        company: "",
        street: "Privatweg 1",
        postalCode: "10115",
        city: "Berlin",
        country: "DE",
        vatId: "",
        invoiceEmail: "",
        sendPdfToAccountEmail: true,
        sendPdfToInvoiceEmail: true,
      },
    });
    const start = await billingAddressFormStart(user);
    expect(start).toMatchObject({ isStored: true, prefilledFrom: null });
    expect(start.initial).toMatchObject({ company: "", street: "Privatweg 1", city: "Berlin" });
  });

  it("takes the newsroom the plan was booked for, and leaves what a newsroom lacks empty", async () => {
    const { user } = await ownerOf(HAFENLICHT);
    const booked = await seedCompany({ name: "Werft Nord AG", addressCity: "Kiel", addressCountry: "at " });
    await db.companyUser.create({ data: { companyId: booked.id, userId: user.id, role: "owner", grantedVia: "manual" } });
    await db.userPaymentOption.create({
      data: { userId: user.id, companyId: booked.id, provider: "manual", plan: "business", monthlyReleaseQuota: 10, priceCents: 12900 },
    });
    const start = await billingAddressFormStart(user);
    expect(start.prefilledFrom).toBe("Werft Nord AG");
    expect(start.initial).toMatchObject({ company: "Werft Nord AG", street: "", postalCode: "", city: "Kiel", country: "AT" });
  });

  it("without a newsroom: the person's name only; a member's newsroom still names the company", async () => {
    const alone = await seedUser({ name: "Ohne Newsroom" });
    expect(await billingAddressFormStart(alone)).toMatchObject({
      isStored: false,
      prefilledFrom: null,
      initial: { name: "Ohne Newsroom", company: "", street: "", country: "DE" },
    });
    const { user } = await ownerOf({ ...HAFENLICHT, addressCountry: "XX" }, "member");
    const start = await billingAddressFormStart(user);
    expect(start.prefilledFrom).toBe("Hafenlicht GmbH");
    // A country the form does not offer falls back to its default.
    expect(start.initial.country).toBe("DE");
  });
});
