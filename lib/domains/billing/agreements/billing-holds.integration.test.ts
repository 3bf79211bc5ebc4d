import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedUser } from "@/tests/factories";
import { seedAdmin } from "@/tests/release-fixtures";
import { berlinStartOfDay } from "./billing-period";
import { billNow, placeBillingHold, removeBlockedAgreement } from "./billing-holds";
import { runInvoices } from "./invoice-run";

// /admin/payments on blocked agreements (spec 4.3, 8): hold, "bill now", remove. Each authorizes
// billing:manage inside; refusals are written as the attacker would try them.

const NOW = new Date("2026-06-10T09:00:00Z");
const berlin = (d: string) => berlinStartOfDay(d)!;
const billingAdmin = () => seedAdmin(["billing:manage"]);

function seedAgreement(userId: number, data: Partial<Prisma.UserPaymentOptionUncheckedCreateInput> = {}) {
  return db.userPaymentOption.create({
    data: {
      userId,
      provider: "manual",
      plan: "starter",
      priceCents: 4900,
      periodStart: berlin("2026-05-01"),
      periodEnd: berlin("2026-06-01"),
      ...data,
    },
  });
}
const seedHeld = (userId: number) =>
  seedAgreement(userId, { billingHoldAt: new Date("2026-05-30T10:00:00Z"), billingHoldReason: "Zahlungsstreit" });
const agreement = (id: number) => db.userPaymentOption.findUniqueOrThrow({ where: { id } });
const invoicesOf = (id: number) => db.invoice.findMany({ where: { userPaymentOptionId: id } });

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err.code;
}

describe("billing holds", () => {
  it("a held agreement is not invoiced and queues as blocked; bill now clears the hold and invoices and sends the due month", async () => {
    const admin = await billingAdmin();
    const customer = await seedUser();
    const a = await seedAgreement(customer.id);
    await placeBillingHold({ paymentOptionId: a.id, reason: "  Adresse klären ", actorUserId: admin.id, now: NOW });
    expect(await agreement(a.id)).toMatchObject({ billingHoldAt: NOW, billingHoldReason: "Adresse klären" });
    expect(await refusal(placeBillingHold({ paymentOptionId: a.id, reason: "nochmal", actorUserId: admin.id }))).toBe("conflict");

    const run = await runInvoices({ now: NOW });
    expect(run.created.map((c) => c.agreementId)).not.toContain(a.id);
    expect(run.blocked.map((b) => b.agreementId)).toContain(a.id);

    const billed = await billNow({ paymentOptionId: a.id, actorUserId: admin.id, now: NOW });
    expect(billed.skipped).toBeNull();
    const [invoice] = await invoicesOf(a.id);
    expect(invoice).toMatchObject({
      id: billed.invoice!.id,
      number: billed.invoice!.number,
      status: "open",
      amountCents: 4900,
      periodStart: berlin("2026-06-01"),
      periodEnd: berlin("2026-07-01"),
      sentAt: NOW,
    });
    expect(await agreement(a.id)).toMatchObject({ billingHoldAt: null, billingHoldReason: null, periodEnd: berlin("2026-07-01") });
    expect(await db.mailOutbox.count({ where: { to: customer.email, mailType: "invoice" } })).toBe(1);
    const entries = await db.activityLog.findMany({
      where: { subjectType: "agreement", subjectId: String(a.id), actorUserId: admin.id },
      orderBy: { id: "asc" },
    });
    expect(entries.map((e) => e.type)).toEqual(["agreement.billing_hold_placed", "agreement.period_invoiced", "agreement.billed_now"]);
    expect(entries[2]).toMatchObject({ result: invoice!.number, reason: "Adresse klären" });

    expect((await runInvoices({ now: NOW })).blocked.map((b) => b.agreementId)).not.toContain(a.id);
    expect(await refusal(billNow({ paymentOptionId: a.id, actorUserId: admin.id, now: NOW }))).toBe("conflict");
    expect(await invoicesOf(a.id)).toHaveLength(1);
  });

  it("remove ends a blocked agreement without an invoice; only blocked ones, with a reason", async () => {
    const admin = await billingAdmin();
    const customer = await seedUser();
    const held = await seedHeld(customer.id);
    const running = await seedAgreement(customer.id);
    expect(await refusal(removeBlockedAgreement({ paymentOptionId: held.id, actorUserId: admin.id, reason: "   " }))).toBe(
      "validation_failed",
    );
    expect(await refusal(removeBlockedAgreement({ paymentOptionId: running.id, actorUserId: admin.id, reason: "Kunde weg" }))).toBe(
      "conflict",
    );

    await removeBlockedAgreement({ paymentOptionId: held.id, actorUserId: admin.id, reason: "Kunde insolvent", now: NOW });
    expect(await agreement(held.id)).toMatchObject({ status: "cancelled", cancelledAt: NOW });
    expect(await invoicesOf(held.id)).toEqual([]);
    expect(await db.activityLog.findFirst({ where: { type: "agreement.blocked_removed", subjectId: String(held.id) } })).toMatchObject({
      actorUserId: admin.id,
      reason: "Kunde insolvent",
      result: "cancelled",
    });
    expect(await refusal(removeBlockedAgreement({ paymentOptionId: held.id, actorUserId: admin.id, reason: "nochmal" }))).toBe("conflict");
    expect((await runInvoices({ now: NOW })).blocked.map((b) => b.agreementId)).not.toContain(held.id);
  });

  it("refuses a card agreement, an unknown or absurd id, an ended agreement", async () => {
    const admin = await billingAdmin();
    const customer = await seedUser();
    const card = await seedAgreement(customer.id, { provider: "stripe" });
    const ended = await seedAgreement(customer.id, { status: "cancelled" });
    expect(await refusal(placeBillingHold({ paymentOptionId: card.id, reason: "x", actorUserId: admin.id }))).toBe("conflict");
    expect(await refusal(placeBillingHold({ paymentOptionId: ended.id, reason: "x", actorUserId: admin.id }))).toBe("conflict");
    for (const id of [999_999_999, 2 ** 40, -1]) {
      expect(await refusal(placeBillingHold({ paymentOptionId: id, reason: "x", actorUserId: admin.id }))).toBe("not_found");
      expect(await refusal(billNow({ paymentOptionId: id, actorUserId: admin.id }))).toBe("not_found");
      expect(await refusal(removeBlockedAgreement({ paymentOptionId: id, actorUserId: admin.id, reason: "x" }))).toBe("not_found");
    }
  });

  it("as the attacker: an admin without billing:manage, the customer, a deactivated super-admin change nothing", async () => {
    const customer = await seedUser();
    const held = await seedHeld(customer.id);
    const running = await seedAgreement(customer.id);
    const attackers = [
      await seedAdmin(["users:manage", "companies:write", "press-releases:publish", "compliance:manage"]),
      customer,
      await seedUser({ staffRole: "super_admin", isActive: false }),
    ];
    for (const attacker of attackers) {
      expect(await refusal(placeBillingHold({ paymentOptionId: running.id, reason: "x", actorUserId: attacker.id }))).toBe("forbidden");
      expect(await refusal(billNow({ paymentOptionId: held.id, actorUserId: attacker.id }))).toBe("forbidden");
      expect(await refusal(removeBlockedAgreement({ paymentOptionId: held.id, actorUserId: attacker.id, reason: "x" }))).toBe("forbidden");
      // Refused before the agreement is even looked at: an unknown id answers the same.
      expect(await refusal(billNow({ paymentOptionId: 999_999_999, actorUserId: attacker.id }))).toBe("forbidden");
    }
    expect(await agreement(running.id)).toMatchObject({ billingHoldAt: null, status: "active" });
    expect(await agreement(held.id)).toMatchObject({ status: "active", billingHoldReason: "Zahlungsstreit" });
    expect(await invoicesOf(held.id)).toEqual([]);
    expect(
      await db.activityLog.count({ where: { subjectType: "agreement", subjectId: { in: [String(held.id), String(running.id)] } } }),
    ).toBe(0);
  });

  it("a double click on bill now and a race of bill now with remove each leave one winner", async () => {
    const admin = await billingAdmin();
    const other = await billingAdmin();
    const customer = await seedUser();
    const clicked = await seedHeld(customer.id);
    const twice = await Promise.allSettled([
      billNow({ paymentOptionId: clicked.id, actorUserId: admin.id, now: NOW }),
      billNow({ paymentOptionId: clicked.id, actorUserId: admin.id, now: NOW }),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await invoicesOf(clicked.id)).toHaveLength(1);

    const raced = await seedHeld(customer.id);
    const race = await Promise.allSettled([
      billNow({ paymentOptionId: raced.id, actorUserId: admin.id, now: NOW }),
      removeBlockedAgreement({ paymentOptionId: raced.id, actorUserId: other.id, reason: "weg", now: NOW }),
    ]);
    expect(race.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const loser = race.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((loser.reason as AppError).code).toBe("conflict");
    const after = await agreement(raced.id);
    const invoices = await invoicesOf(raced.id);
    // Either billed (active, one invoice) or removed (cancelled, none): never both.
    expect(after.status === "active" ? invoices.length === 1 : after.status === "cancelled" && invoices.length === 0).toBe(true);
  });

  it("bill now on an agreement not yet due clears the hold and leaves the invoice to the run", async () => {
    const admin = await billingAdmin();
    const customer = await seedUser();
    const a = await seedAgreement(customer.id, {
      periodStart: berlin("2026-06-01"),
      periodEnd: berlin("2026-07-01"),
      billingHoldAt: NOW,
      billingHoldReason: "Prüfung",
    });
    expect(await billNow({ paymentOptionId: a.id, actorUserId: admin.id, now: NOW })).toEqual({ invoice: null, skipped: "not_due" });
    expect(await agreement(a.id)).toMatchObject({ billingHoldAt: null, periodEnd: berlin("2026-07-01") });
    expect(await invoicesOf(a.id)).toEqual([]);
  });
});
