import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedUser } from "@/tests/factories";
import { loadBillingAddress, saveBillingAddress } from "./billing-address";
import { EMPTY_BILLING_ADDRESS_FORM, isPlausibleVatId, type BillingAddressFormValues } from "./billing-address-fields";
import { issueInvoice } from "@/tests/invoice-fixtures";

const FORM: BillingAddressFormValues = {
  ...EMPTY_BILLING_ADDRESS_FORM,
  name: " Anna   Schmidt ",
  company: "Schmidt Kommunikation GmbH",
  street: "Lindenallee 7",
  postalCode: "20095",
  city: "Hamburg",
  country: "de",
  vatId: "de 136 695 976",
  invoiceEmail: "Buchhaltung@Schmidt-Kommunikation.de",
  sendPdfToAccountEmail: false,
  sendPdfToInvoiceEmail: true,
};

async function issuesOf(values: BillingAddressFormValues): Promise<Record<string, string>> {
  const user = await seedUser();
  const err = await saveBillingAddress({ userId: user.id, values }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(422);
  expect(await db.billingAddress.count({ where: { userId: user.id } })).toBe(0);
  return Object.fromEntries((err as AppError).issues!.map((i) => [i.path, i.message]));
}

describe("billing address and delivery settings", () => {
  it("defaults to the account address with PDF while nothing is saved", async () => {
    const user = await seedUser();
    expect(await loadBillingAddress(user.id)).toEqual({
      address: null,
      settings: { sendPdfToAccountEmail: true, invoiceEmail: null, sendPdfToInvoiceEmail: true },
    });
  });

  it("saves normalized values and the three delivery fields; a repeat changes nothing", async () => {
    const user = await seedUser();
    const { changed } = await saveBillingAddress({ userId: user.id, values: FORM });
    expect(changed).toHaveLength(10);
    const loaded = await loadBillingAddress(user.id);
    expect(loaded.address).toEqual({
      name: "Anna Schmidt",
      company: "Schmidt Kommunikation GmbH",
      street: "Lindenallee 7",
      postalCode: "20095",
      city: "Hamburg",
      country: "DE",
      vatId: "DE136695976",
      sendPdfToAccountEmail: false,
      invoiceEmail: "buchhaltung@schmidt-kommunikation.de",
      sendPdfToInvoiceEmail: true,
    });
    expect(loaded.settings).toEqual({
      sendPdfToAccountEmail: false,
      invoiceEmail: "buchhaltung@schmidt-kommunikation.de",
      sendPdfToInvoiceEmail: true,
    });
    expect(await saveBillingAddress({ userId: user.id, values: FORM })).toEqual({ changed: [] });
    const { changed: second } = await saveBillingAddress({ userId: user.id, values: { ...FORM, invoiceEmail: "", company: "" } });
    expect(second.sort()).toEqual(["company", "invoiceEmail"]);
    expect((await loadBillingAddress(user.id)).address).toMatchObject({ company: null, invoiceEmail: null });
    const entries = await db.activityLog.findMany({
      where: { type: "billing_address.saved", subjectId: String(user.id) },
      orderBy: { id: "asc" },
    });
    expect(entries.map((e) => e.result)).toEqual(["created", "updated"]);
    // The log names the fields, never the address.
    expect(JSON.stringify(entries.map((e) => e.metadata))).not.toContain("Lindenallee");
  });

  it("refuses missing address parts with one German message per field", async () => {
    const issues = await issuesOf({ ...FORM, name: " ", street: "", postalCode: "", city: "", country: "XX" });
    expect(Object.keys(issues).sort()).toEqual(["city", "country", "name", "postalCode", "street"]);
    expect(issues.street).toBe("Bitte geben Sie Straße und Hausnummer an.");
  });

  it("refuses an invoice e-mail that is no address or has no real top-level domain", async () => {
    for (const invoiceEmail of ["buchhaltung", "buchhaltung@firma", "a b@firma.de", "buchhaltung@firma.con"]) {
      expect(Object.keys(await issuesOf({ ...FORM, invoiceEmail }))).toEqual(["invoiceEmail"]);
    }
  });

  it("checks VAT ids for plausibility, with the German check digit", async () => {
    expect(Object.keys(await issuesOf({ ...FORM, vatId: "DE123456789" }))).toEqual(["vatId"]);
    for (const ok of [
      "DE136695976",
      "DE 811 569 869",
      "ATU12345678",
      "CHE-123.456.789 MWST",
      "NL123456789B01",
      "FRXX123456789",
      "XI123456789",
      "PT123456789",
    ])
      expect(isPlausibleVatId(ok), ok).toBe(true);
    for (const bad of ["DE12345678", "DE000000000", "AT12345678", "NL123456789", "12345", "D"])
      expect(isPlausibleVatId(bad), bad).toBe(false);
  });

  it("refuses control characters instead of storing them", async () => {
    expect(Object.keys(await issuesOf({ ...FORM, city: "Ham\u0000burg" }))).toEqual(["city"]);
  });

  it("is what the next invoice is addressed to", async () => {
    const user = await seedUser();
    await saveBillingAddress({ userId: user.id, values: FORM });
    const { id } = await issueInvoice(user.id);
    expect((await db.invoice.findUniqueOrThrow({ where: { id } })).recipient).toMatchObject({
      name: "Anna Schmidt",
      vatId: "DE136695976",
      city: "Hamburg",
    });
  });

  it("answers 404 for an account that is gone", async () => {
    const user = await seedUser({ deletedAt: new Date() });
    const err = await saveBillingAddress({ userId: user.id, values: FORM }).catch((e: unknown) => e);
    expect((err as AppError).status).toBe(404);
  });
});
