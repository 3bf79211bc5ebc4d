import { describe, expect, it } from "vitest";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedCompany, seedUser } from "@/tests/factories";
import { createManualInvoice } from "./create-manual-invoice";
import { ISSUED, issueInvoice, NOVEMBER, PACKAGE_LINE } from "@/tests/invoice-fixtures";

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("createManualInvoice", () => {
  it("issues an open MAN invoice: net, VAT, lines, period, due date after the payment term, and an activity entry", async () => {
    const customer = await seedUser({ name: "Jana Roth" });
    const admin = await seedUser({ staffRole: "admin", permissions: ["billing:manage"] });
    const lines = [PACKAGE_LINE, { description: "Zusatzveröffentlichung", quantity: 2, unitNetCents: 1_950 }];
    const { id, number } = await issueInvoice(customer.id, { lines, actorUserId: admin.id });
    expect(number).toMatch(/^MAN-2026-\d{5}$/);
    const row = await db.invoice.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      kind: "manual",
      status: "open",
      userId: customer.id,
      amountCents: 16_800,
      taxCents: 3_192,
      currency: "EUR",
      issuedAt: ISSUED,
      ...NOVEMBER,
    });
    expect(row.lines).toEqual(lines);
    expect(row.dueAt!.getTime() - ISSUED.getTime()).toBe(getConfig().billing.paymentTermDays * 86_400_000);
    const entry = await db.activityLog.findFirstOrThrow({ where: { type: "invoice.created", subjectId: String(id) } });
    expect(entry.actorUserId).toBe(admin.id);
    expect(entry.metadata).toMatchObject({ number, netCents: 16_800, taxCents: 3_192 });
  });

  it("snapshots the billing address; a later change leaves the issued invoice as it was", async () => {
    const customer = await seedUser();
    await db.billingAddress.create({
      data: {
        userId: customer.id,
        name: "Eva Klein",
        company: "Klein & Co. KG",
        street: "Ringstraße 4",
        postalCode: "50667",
        city: "Köln",
        country: "DE",
        vatId: "DE136695976",
      },
    });
    const { id } = await issueInvoice(customer.id);
    await db.billingAddress.update({ where: { userId: customer.id }, data: { street: "Neue Straße 1" } });
    const row = await db.invoice.findUniqueOrThrow({ where: { id } });
    expect(row.recipient).toEqual({
      name: "Eva Klein",
      company: "Klein & Co. KG",
      street: "Ringstraße 4",
      postalCode: "50667",
      city: "Köln",
      country: "DE",
      vatId: "DE136695976",
      email: null,
    });
  });

  it("without a billing address addresses the account, with the name and address of the agreement's newsroom", async () => {
    const customer = await seedUser({ name: "Tom Berg" });
    const newsroom = await seedCompany({
      name: "Berg Solar GmbH",
      addressStreet: "Sonnenweg 2",
      addressPostalCode: "79098",
      addressCity: "Freiburg",
      addressCountry: "DE",
    });
    const agreement = await db.userPaymentOption.create({
      data: { userId: customer.id, companyId: newsroom.id, provider: "manual", plan: "business", priceCents: 12_900 },
    });
    const withAgreement = await issueInvoice(customer.id, { paymentOptionId: agreement.id });
    const plain = await issueInvoice(customer.id);
    const rows = await db.invoice.findMany({ where: { id: { in: [withAgreement.id, plain.id] } }, orderBy: { id: "asc" } });
    expect(rows[0]!.userPaymentOptionId).toBe(agreement.id);
    expect(rows[0]!.recipient).toEqual({
      name: "Tom Berg",
      company: "Berg Solar GmbH",
      street: "Sonnenweg 2",
      postalCode: "79098",
      city: "Freiburg",
      country: "DE",
      vatId: null,
      email: customer.email,
    });
    expect(rows[1]!.recipient).toMatchObject({ name: "Tom Berg", company: null, street: null, email: customer.email });
  });

  it("refuses empty lines, quantities of zero or less, negative prices and a period ending before it starts (422, no number used)", async () => {
    const customer = await seedUser();
    const cases: [Partial<Parameters<typeof createManualInvoice>[0]>, string][] = [
      [{ lines: [] }, "lines"],
      [{ lines: [{ ...PACKAGE_LINE, quantity: 0 }] }, "lines.0.quantity"],
      [{ lines: [{ ...PACKAGE_LINE, quantity: -1 }] }, "lines.0.quantity"],
      [{ lines: [PACKAGE_LINE, { ...PACKAGE_LINE, unitNetCents: -100 }] }, "lines.1.unitNetCents"],
      [{ lines: [{ ...PACKAGE_LINE, description: "   " }] }, "lines.0.description"],
      [{ lines: [{ ...PACKAGE_LINE, unitNetCents: 12.5 }] }, "lines.0.unitNetCents"],
      [{ periodStart: NOVEMBER.periodEnd, periodEnd: NOVEMBER.periodStart }, "periodEnd"],
      [{ periodEnd: new Date("invalid") }, "periodEnd"],
    ];
    const before = await db.invoiceNumberSequence.findMany();
    for (const [opts, path] of cases) {
      const err = await refusal(issueInvoice(customer.id, opts));
      expect(err.status).toBe(422);
      expect(err.issues?.map((i) => i.path)).toContain(path);
    }
    expect(await db.invoice.count({ where: { userId: customer.id } })).toBe(0);
    expect(await db.invoiceNumberSequence.findMany()).toEqual(before);
  });

  it("refuses an agreement of another account and an unknown account (404)", async () => {
    const [customer, other] = [await seedUser(), await seedUser()];
    const foreign = await db.userPaymentOption.create({ data: { userId: other.id, provider: "manual", plan: "starter" } });
    expect((await refusal(issueInvoice(customer.id, { paymentOptionId: foreign.id }))).status).toBe(404);
    expect((await refusal(issueInvoice(2_000_000_000))).status).toBe(404);
  });

  it("takes a fractional quantity and rounds the line to the cent; VAT on the net sum", async () => {
    const customer = await seedUser();
    const { id } = await issueInvoice(customer.id, {
      lines: [
        { description: "Beratung (Stunden)", quantity: 1.5, unitNetCents: 3_333 },
        { description: "Kleinbetrag", quantity: 1, unitNetCents: 3 },
      ],
    });
    const row = await db.invoice.findUniqueOrThrow({ where: { id } });
    // 1,5 × 33,33 € = 49,995 € -> 50,00 €; plus 0,03 € = 50,03 €; 19 % = 9,5057 € -> 9,51 €.
    expect([row.amountCents, row.taxCents]).toEqual([5_003, 951]);
  });
});
