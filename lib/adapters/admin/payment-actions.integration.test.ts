import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedUser, unique } from "@/tests/factories";
import { seedAdmin } from "@/tests/release-fixtures";
import {
  billNowAsAdmin,
  endGrandfatheringAsAdmin,
  issueManualInvoiceAsAdmin,
  markInvoicePaidAsAdmin,
  placeHoldAsAdmin,
  remindInvoiceAsAdmin,
  removeAgreementAsAdmin,
  sendInvoiceAsAdmin,
  voidInvoiceAsAdmin,
} from "./payment-actions";

// The actions of /admin/payments through the entry the server actions use. Written as the
// attacker: an admin without billing:manage, a deactivated billing admin and the customer
// the invoice belongs to are refused, and nothing changes (no row, no number, no mail, no entry).

const NOW = new Date("2026-06-10T09:00:00Z");
const PERIOD = { periodStart: new Date("2026-05-31T22:00:00Z"), periodEnd: new Date("2026-06-30T22:00:00Z") };
const LINES = [{ description: "Pressemitteilungen Juni", quantity: 1, unitNetCents: 4900 }];

const billingAdmin = () => seedAdmin(["billing:manage"]);

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

function seedAgreement(userId: number, data: Partial<Prisma.UserPaymentOptionUncheckedCreateInput> = {}) {
  return db.userPaymentOption.create({
    data: {
      userId,
      provider: "manual",
      plan: "starter",
      priceCents: 4900,
      periodStart: new Date("2026-04-30T22:00:00Z"),
      periodEnd: new Date("2026-05-31T22:00:00Z"),
      ...data,
    },
  });
}

/** Everything an action could have touched, to compare before and after a refusal. */
async function worldOf(customerId: number) {
  const [invoices, agreements, activities, mails, sequences] = await Promise.all([
    db.invoice.findMany({ where: { userId: customerId }, orderBy: { id: "asc" } }),
    db.userPaymentOption.findMany({ where: { userId: customerId }, orderBy: { id: "asc" } }),
    db.activityLog.count(),
    db.mailOutbox.count(),
    db.invoiceNumberSequence.findMany({ orderBy: [{ prefix: "asc" }, { year: "asc" }] }),
  ]);
  return { invoices, agreements, activities, mails, sequences };
}

describe("payment actions as a billing admin", () => {
  it("issues, sends, reminds and marks paid a MAN invoice, each with its activity entry by the admin", async () => {
    const admin = await billingAdmin();
    const customer = await seedUser({ email: `${unique("kundin")}@example.test` });
    const issued = await issueManualInvoiceAsAdmin({
      adminUserId: admin.id,
      customerEmail: `  ${customer.email.toUpperCase()} `,
      ...PERIOD,
      lines: LINES,
      sendNow: true,
      now: NOW,
    });
    expect(issued).toMatchObject({ number: expect.stringMatching(/^MAN-2026-\d{5}$/), sent: true });
    expect(await db.invoice.findUniqueOrThrow({ where: { id: issued.id } })).toMatchObject({
      userId: customer.id,
      kind: "manual",
      status: "open",
      amountCents: 4900,
      taxCents: 931,
      sentAt: NOW,
    });
    expect(await db.mailOutbox.count({ where: { to: customer.email, mailType: "invoice" } })).toBe(1);

    await sendInvoiceAsAdmin({ adminUserId: admin.id, invoiceId: issued.id, now: NOW });
    expect((await remindInvoiceAsAdmin({ adminUserId: admin.id, invoiceId: issued.id, now: NOW })).reminderCount).toBe(1);
    expect(await markInvoicePaidAsAdmin({ adminUserId: admin.id, invoiceId: issued.id, now: NOW })).toEqual({ paid: true });
    expect(await markInvoicePaidAsAdmin({ adminUserId: admin.id, invoiceId: issued.id, now: NOW })).toEqual({ paid: false });
    expect(await db.invoice.findUniqueOrThrow({ where: { id: issued.id } })).toMatchObject({
      status: "paid",
      reminderCount: 1,
      paidAt: NOW,
    });

    const entries = await db.activityLog.findMany({
      where: { subjectType: "invoice", subjectId: String(issued.id), actorUserId: admin.id },
      orderBy: { id: "asc" },
    });
    expect(entries.map((e) => e.type).filter((t) => t !== "invoice.delivered")).toEqual([
      "invoice.created",
      "invoice.sent",
      "invoice.sent",
      "invoice.reminded",
      "invoice.paid",
      ACTIVITY.paymentReceived,
    ]);
  });

  it("voids with a reason, refuses an empty reason in German, and refuses an address without an account on its field", async () => {
    const admin = await billingAdmin();
    const customer = await seedUser();
    const { id } = await issueManualInvoiceAsAdmin({
      adminUserId: admin.id,
      customerEmail: customer.email,
      ...PERIOD,
      lines: LINES,
      sendNow: false,
      now: NOW,
    });
    const empty = await errorOf(voidInvoiceAsAdmin({ adminUserId: admin.id, invoiceId: id, reason: "   " }));
    expect(empty).toMatchObject({ code: "validation_failed", issues: [{ path: "reason", message: "Bitte geben Sie einen Grund an." }] });
    expect(await voidInvoiceAsAdmin({ adminUserId: admin.id, invoiceId: id, reason: " Doppelt ausgestellt " })).toEqual({ voided: true });
    expect(await db.invoice.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "void", voidReason: "Doppelt ausgestellt" });
    expect((await errorOf(sendInvoiceAsAdmin({ adminUserId: admin.id, invoiceId: id }))).code).toBe("conflict");
    expect((await errorOf(sendInvoiceAsAdmin({ adminUserId: admin.id, invoiceId: 2_147_483_000 }))).code).toBe("not_found");

    const before = await db.invoice.count();
    const nobody = await errorOf(
      issueManualInvoiceAsAdmin({ adminUserId: admin.id, customerEmail: "niemand@example.test", ...PERIOD, lines: LINES, sendNow: false }),
    );
    expect(nobody).toMatchObject({
      code: "validation_failed",
      issues: [{ path: "customerEmail", message: "Zu dieser E-Mail-Adresse gibt es kein Kundenkonto." }],
    });
    const deleted = await seedUser({ deletedAt: NOW });
    expect(
      (
        await errorOf(
          issueManualInvoiceAsAdmin({ adminUserId: admin.id, customerEmail: deleted.email, ...PERIOD, lines: LINES, sendNow: false }),
        )
      ).issues?.[0]?.path,
    ).toBe("customerEmail");
    expect(await db.invoice.count()).toBe(before);
  });

  it("holds, bills now, removes and ends grandfathered terms, each recorded for the admin", async () => {
    const admin = await billingAdmin();
    const customer = await seedUser();
    const a = await seedAgreement(customer.id);
    const as = { adminUserId: admin.id, now: NOW };
    expect((await errorOf(placeHoldAsAdmin({ ...as, paymentOptionId: a.id, reason: "" }))).issues).toEqual([
      { path: "reason", message: "Bitte geben Sie einen Grund an." },
    ]);
    await placeHoldAsAdmin({ ...as, paymentOptionId: a.id, reason: "Adresse klären" });
    const billed = await billNowAsAdmin({ ...as, paymentOptionId: a.id });
    expect(billed.invoice?.number).toMatch(/^MAN-2026-/);

    const held = await seedAgreement(customer.id, { billingHoldAt: NOW, billingHoldReason: "Streit" });
    await removeAgreementAsAdmin({ ...as, paymentOptionId: held.id, reason: "Kunde insolvent" });
    expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({ status: "cancelled" });

    const done = await endGrandfatheringAsAdmin({
      ...as,
      paymentOptionId: a.id,
      reason: "Umstellung auf Kartenzahlung",
      notifyCustomer: true,
    });
    expect(done).toMatchObject({ voidedInvoices: [{ number: billed.invoice!.number }], mailed: true });
    const types = await db.activityLog.findMany({
      where: { subjectType: "agreement", actorUserId: admin.id, subjectId: { in: [String(a.id), String(held.id)] } },
      orderBy: { id: "asc" },
      select: { type: true },
    });
    expect(types.map((t) => t.type)).toEqual([
      "agreement.billing_hold_placed",
      "agreement.period_invoiced",
      "agreement.billed_now",
      "agreement.blocked_removed",
      "agreement.grandfathering_ended",
    ]);
  });

  it("two admins marking paid and voiding at once: exactly one wins", async () => {
    const [a, b] = await Promise.all([billingAdmin(), billingAdmin()]);
    const customer = await seedUser();
    const { id } = await issueManualInvoiceAsAdmin({
      adminUserId: a.id,
      customerEmail: customer.email,
      ...PERIOD,
      lines: LINES,
      sendNow: false,
      now: NOW,
    });
    const [paid, voided] = await Promise.allSettled([
      markInvoicePaidAsAdmin({ adminUserId: a.id, invoiceId: id, now: NOW }),
      voidInvoiceAsAdmin({ adminUserId: b.id, invoiceId: id, reason: "Storno" }),
    ]);
    const invoice = await db.invoice.findUniqueOrThrow({ where: { id } });
    if (invoice.status === "paid") expect(voided).toMatchObject({ status: "fulfilled", value: { voided: false } });
    else {
      expect(invoice.status).toBe("void");
      expect(paid).toMatchObject({ status: "rejected", reason: { code: "conflict" } });
    }
    const finals = await db.activityLog.count({ where: { subjectId: String(id), type: { in: ["invoice.paid", "invoice.voided"] } } });
    expect(finals).toBe(1);
  });
});

describe("payment actions as the attacker", () => {
  async function targets() {
    const owner = await billingAdmin();
    const customer = await seedUser();
    const invoice = await issueManualInvoiceAsAdmin({
      adminUserId: owner.id,
      customerEmail: customer.email,
      ...PERIOD,
      lines: LINES,
      sendNow: false,
      now: NOW,
    });
    const held = await seedAgreement(customer.id, { billingHoldAt: NOW, billingHoldReason: "Adresse klären" });
    const running = await seedAgreement(customer.id, { grandfatheredUntil: new Date("2026-12-31T23:00:00Z") });
    return { customer, invoice, held, running };
  }

  const attackers = {
    "an admin without billing:manage": () => seedAdmin(["users:manage", "press-releases:publish", "compliance:manage"]),
    "a deactivated billing admin": () => seedUser({ staffRole: "admin", permissions: ["billing:manage"], isActive: false }),
    "a customer (the invoice's own account)": null,
  } as const;

  for (const [who, make] of Object.entries(attackers)) {
    it(`${who} is refused every action and nothing changes`, async () => {
      const { customer, invoice, held, running } = await targets();
      const attacker = make ? await make() : customer;
      const before = await worldOf(customer.id);
      const as = { adminUserId: attacker.id, now: NOW };
      // Each attempt is awaited for its error at once, so none rejects unobserved.
      const attempts: [string, Promise<unknown>][] = [
        ["send", sendInvoiceAsAdmin({ ...as, invoiceId: invoice.id })],
        ["remind", remindInvoiceAsAdmin({ ...as, invoiceId: invoice.id })],
        ["mark paid", markInvoicePaidAsAdmin({ ...as, invoiceId: invoice.id })],
        ["void", voidInvoiceAsAdmin({ ...as, invoiceId: invoice.id, reason: "weg damit" })],
        ["bill now", billNowAsAdmin({ ...as, paymentOptionId: held.id })],
        ["remove", removeAgreementAsAdmin({ ...as, paymentOptionId: held.id, reason: "weg damit" })],
        ["hold", placeHoldAsAdmin({ ...as, paymentOptionId: running.id, reason: "weg damit" })],
        ["end grandfathering", endGrandfatheringAsAdmin({ ...as, paymentOptionId: running.id, reason: "weg damit", notifyCustomer: true })],
        ["issue", issueManualInvoiceAsAdmin({ ...as, customerEmail: customer.email, ...PERIOD, lines: LINES, sendNow: true })],
        // Not even whether an address has an account: the permission is checked first.
        [
          "issue to nobody",
          issueManualInvoiceAsAdmin({ ...as, customerEmail: "niemand@example.test", ...PERIOD, lines: LINES, sendNow: true }),
        ],
      ];
      const refusals = await Promise.all(attempts.map(async ([name, attempt]) => ({ name, code: (await errorOf(attempt)).code })));
      expect(refusals).toEqual(attempts.map(([name]) => ({ name, code: "forbidden" })));
      expect(await worldOf(customer.id)).toEqual(before);
    });
  }
});
