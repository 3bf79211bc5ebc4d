import { describe, expect, it } from "vitest";
import { CustomerOnlyActionError } from "@/lib/core/errors/customer-acting";
import { bookBoost } from "@/lib/domains/billing/boosts/book-boost";
import { openPaymentPortal } from "@/lib/domains/billing/checkout/payment-portal";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { giveNotice } from "@/lib/domains/billing/contracts/give-notice";
import { saveBillingAddress } from "@/lib/domains/billing/invoices/billing-address";
import { abandonLocalCheckout, payLocalCheckout } from "@/lib/domains/billing/provider/local-provider";
import { db } from "@/lib/core/db/client";
import { seedBuyer } from "@/tests/boost-fixtures";
import { seedCompany, seedUser } from "@/tests/factories";

// Staff acting as the customer (support access, spec 6.1) call the billing functions directly,
// with the customer's session as `acting`: bookings, purchases, payments, the payment method,
// notice and withdrawal, and the billing address are the customer's own decisions (spec 4.3,
// 4.6). Each function refuses before it looks at anything, and nothing changes; the customer
// in person gets through with the same call.

const BILLING = /^Im Support-Zugang sind Buchungen, Käufe, Zahlungen und Kündigungen nicht möglich/;
const refusedAs = (action: string, message: RegExp) => ({
  name: "CustomerOnlyActionError",
  code: "forbidden",
  status: 403,
  message: expect.stringMatching(message),
  details: { reason: "impersonation", action },
});
const inPerson = { impersonatorUserId: null };
const sessionIdOf = (url: string) => /\/checkout\/local\/(cs_local_[0-9a-f]+)$/.exec(url)![1]!;

async function customerUnderSupport() {
  const user = await seedUser({ emailVerifiedAt: new Date() });
  const company = await seedCompany();
  await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
  const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
  return { user, company, support: { impersonatorUserId: staff.id } };
}

/** What a purchase, payment or notice of the user could change. */
async function billingWorld(userId: number, companyId: number) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, stripeCustomerId: true } });
  return {
    stripeCustomerId: user.stripeCustomerId,
    checkouts: user.stripeCustomerId
      ? await db.localCheckoutSession.findMany({
          where: { customerId: user.stripeCustomerId },
          select: { id: true, status: true },
          orderBy: { id: "asc" },
        })
      : [],
    agreements: await db.userPaymentOption.findMany({ where: { userId }, orderBy: { id: "asc" } }),
    invoices: await db.invoice.count({ where: { userId } }),
    credits: (await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { credits: true } })).credits,
    ledger: await db.creditTransaction.count({ where: { companyId } }),
    activity: await db.activityLog.count({ where: { actorUserId: userId } }),
    mails: await db.mailOutbox.count({ where: { to: user.email } }),
  };
}

describe("the billing functions called by staff acting as the customer", () => {
  it("startCheckout refuses a plan and a credit pack before any checkout, provider customer or activity entry is made", async () => {
    const { user, company, support } = await customerUnderSupport();
    const before = await billingWorld(user.id, company.id);
    for (const order of [
      { purpose: "booking" as const, userId: user.id, planId: "starter" },
      { purpose: "credits" as const, userId: user.id, companyId: company.id, packId: "credits-25" },
    ]) {
      const attempt = startCheckout({ ...order, acting: support });
      await expect(attempt).rejects.toBeInstanceOf(CustomerOnlyActionError);
      await expect(attempt).rejects.toMatchObject(refusedAs("billing", BILLING));
    }
    expect(await billingWorld(user.id, company.id)).toEqual(before);
    expect(
      (await startCheckout({ purpose: "credits", userId: user.id, companyId: company.id, packId: "credits-25", acting: inPerson })).url,
    ).toMatch(/\/checkout\/local\/cs_local_/);
  });

  it("payLocalCheckout and abandonLocalCheckout refuse the customer's open checkout; it stays open and the customer in person pays it", async () => {
    const { user, company, support } = await customerUnderSupport();
    const id = sessionIdOf((await startCheckout({ purpose: "credits", userId: user.id, companyId: company.id, packId: "credits-25" })).url);
    const before = await billingWorld(user.id, company.id);
    await expect(payLocalCheckout(id, user.id, { acting: support })).rejects.toMatchObject(refusedAs("billing", BILLING));
    await expect(abandonLocalCheckout(id, user.id, { acting: support })).rejects.toMatchObject(refusedAs("billing", BILLING));
    expect(await billingWorld(user.id, company.id)).toEqual(before);
    expect((await db.localCheckoutSession.findUniqueOrThrow({ where: { id } })).status).toBe("open");

    await payLocalCheckout(id, user.id, { acting: inPerson });
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).credits).toBe(25);
  });

  it("giveNotice refuses notice and withdrawal of the customer's plan; the plan runs on", async () => {
    const { user, company, support } = await customerUnderSupport();
    await payLocalCheckout(sessionIdOf((await startCheckout({ purpose: "booking", userId: user.id, planId: "business" })).url), user.id);
    const agreement = await db.userPaymentOption.findFirstOrThrow({ where: { userId: user.id } });
    const before = await billingWorld(user.id, company.id);
    for (const kind of ["cancellation", "withdrawal"] as const) {
      await expect(
        giveNotice({ userId: user.id, agreementId: agreement.id, kind, statement: "Support kündigt.", acting: support }),
      ).rejects.toMatchObject(refusedAs("billing", BILLING));
    }
    expect(await billingWorld(user.id, company.id)).toEqual(before);
    expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id: agreement.id } })).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: false,
      cancellationRequestedAt: null,
    });
  });

  it("openPaymentPortal refuses the payment method's page; the customer in person is sent there", async () => {
    const { user, support } = await customerUnderSupport();
    await payLocalCheckout(sessionIdOf((await startCheckout({ purpose: "booking", userId: user.id, planId: "starter" })).url), user.id);
    await expect(openPaymentPortal(user.id, { acting: support })).rejects.toMatchObject(refusedAs("billing", BILLING));
    expect(await openPaymentPortal(user.id, { acting: inPerson })).toMatch(/\/checkout\/local\/portal\?return=/);
  });

  it("bookBoost refuses a boost paid in the newsroom's credits; the credits stay", async () => {
    const { owner, company, release } = await seedBuyer({ credits: 100 });
    const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
    await expect(
      bookBoost({ userId: owner.id, releaseId: release.id, placement: "home", tier: 1, acting: { impersonatorUserId: staff.id } }),
    ).rejects.toMatchObject(refusedAs("billing", BILLING));
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).credits).toBe(100);
    expect(await db.boost.count({ where: { pressReleaseId: release.id } })).toBe(0);
  });

  it("saveBillingAddress refuses the customer's billing address; none is stored; the customer in person saves it", async () => {
    const { user, support } = await customerUnderSupport();
    const values = {
      name: "Support GmbH",
      company: "",
      street: "Weg 1",
      postalCode: "10115",
      city: "Berlin",
      country: "DE",
      vatId: "",
      sendPdfToAccountEmail: true,
      invoiceEmail: "",
      sendPdfToInvoiceEmail: true,
    };
    await expect(saveBillingAddress({ userId: user.id, values, acting: support })).rejects.toMatchObject(
      refusedAs("billing_details", /^Im Support-Zugang lassen sich Rechnungsadresse und Rechnungsversand nicht ändern/),
    );
    expect(await db.billingAddress.count({ where: { userId: user.id } })).toBe(0);
    expect((await saveBillingAddress({ userId: user.id, values: { ...values, name: "Kundin GmbH" }, acting: inPerson })).changed).toContain(
      "name",
    );
  });
});
