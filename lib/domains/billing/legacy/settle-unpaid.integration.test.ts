import { describe, expect, it } from "vitest";
import { berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { createManualInvoice } from "@/lib/domains/billing/invoices/create-manual-invoice";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedUser, unique } from "@/tests/factories";
import { settleUnpaidLegacyInvoices, type SettleOutcome } from "./settle-unpaid";

// Spec 3.1, legacy invoice rows: hold (never paid) -> dropped with its bundles cancelled and its
// MAN invoices voided; pending/reminder recurring -> superseded and reissued as a MAN invoice for
// the unpaid service period; pending/reminder single -> uncollectible.

const NOW = new Date("2026-06-10T09:00:00Z");
const berlin = (d: string) => berlinStartOfDay(d)!;

function seedLegacy(
  data: Partial<Prisma.LegacyArchiveInvoiceUncheckedCreateInput> & { status: Prisma.LegacyArchiveInvoiceUncheckedCreateInput["status"] },
) {
  return db.legacyArchiveInvoice.create({
    data: { legacyNumber: unique("RE"), amountCents: 9900, issuedAt: berlin("2026-02-01"), ...data },
  });
}
function seedAgreement(userId: number, data: Partial<Prisma.UserPaymentOptionUncheckedCreateInput> = {}) {
  return db.userPaymentOption.create({
    data: {
      userId,
      provider: "manual",
      plan: "business",
      priceCents: 9900,
      periodStart: berlin("2026-06-01"),
      periodEnd: berlin("2026-07-01"),
      ...data,
    },
  });
}
function seedDerived(userId: number, paymentOptionId: number, legacyNumber: string, month: string) {
  return createManualInvoice({
    userId,
    paymentOptionId,
    replacesLegacyInvoiceNumber: legacyNumber,
    periodStart: berlin(`${month}-01`),
    periodEnd: berlin(`${month}-28`),
    lines: [{ description: "Paket Business", quantity: 1, unitNetCents: 9900 }],
    now: NOW,
  });
}

const legacy = (id: number) => db.legacyArchiveInvoice.findUniqueOrThrow({ where: { id } });
const outcomeOf = (outcomes: SettleOutcome[], legacyNumber: string) => outcomes.find((o) => o.legacyNumber === legacyNumber);

async function world() {
  const held = await seedUser();
  const bundle = await seedAgreement(held.id);
  const hold = await seedLegacy({ userId: held.id, status: "hold", recurring: true });
  const man1 = await seedDerived(held.id, bundle.id, hold.legacyNumber, "2026-04");
  const man2 = await seedDerived(held.id, bundle.id, hold.legacyNumber, "2026-05");

  const paidViaMan = await seedUser();
  const paidBundle = await seedAgreement(paidViaMan.id);
  const holdPaid = await seedLegacy({ userId: paidViaMan.id, status: "hold" });
  const paidMan = await seedDerived(paidViaMan.id, paidBundle.id, holdPaid.legacyNumber, "2026-04");
  await db.invoice.update({ where: { id: paidMan.id }, data: { status: "paid", paidAt: NOW } });

  const recurringCustomer = await seedUser();
  const running = await seedAgreement(recurringCustomer.id);
  const pendingRecurring = await seedLegacy({
    userId: recurringCustomer.id,
    status: "pending",
    recurring: true,
    amountCents: 12345,
    serviceStart: berlin("2026-02-01"),
  });
  const noAgreement = await seedUser();
  const reminderRecurring = await seedLegacy({
    userId: noAgreement.id,
    status: "reminder",
    recurring: true,
    serviceStart: berlin("2026-03-01"),
    serviceEnd: berlin("2026-03-16"),
  });
  const pendingSingle = await seedLegacy({ userId: noAgreement.id, status: "pending" });
  const reminderSingle = await seedLegacy({ userId: null, status: "reminder" });
  const orphanRecurring = await seedLegacy({ userId: null, status: "pending", recurring: true, serviceStart: berlin("2026-01-01") });
  const paid = await seedLegacy({ userId: noAgreement.id, status: "paid" });
  return {
    held,
    bundle,
    hold,
    man1,
    man2,
    holdPaid,
    paidBundle,
    recurringCustomer,
    running,
    pendingRecurring,
    noAgreement,
    reminderRecurring,
    pendingSingle,
    reminderSingle,
    orphanRecurring,
    paid,
  };
}

describe("settleUnpaidLegacyInvoices", () => {
  it("a dry run lists every outcome and changes nothing; the run then does exactly that; a rerun settles nothing again", async () => {
    const w = await world();
    const invoicesBefore = await db.invoice.count();

    const dry = await settleUnpaidLegacyInvoices({ dryRun: true, now: NOW, pageSize: 3 });
    expect(dry.counts.failed).toBe(0);
    const expected = {
      [w.hold.legacyNumber]: {
        legacyNumber: w.hold.legacyNumber,
        from: "hold",
        to: "dropped",
        cancelledAgreements: [w.bundle.id],
        voidedInvoices: [w.man1.number, w.man2.number],
      },
      [w.holdPaid.legacyNumber]: { legacyNumber: w.holdPaid.legacyNumber, from: "hold", to: null, skipped: "paid_via_manual_invoice" },
      [w.pendingRecurring.legacyNumber]: {
        legacyNumber: w.pendingRecurring.legacyNumber,
        from: "pending",
        to: "superseded",
        reissuedInvoice: null,
      },
      [w.reminderRecurring.legacyNumber]: {
        legacyNumber: w.reminderRecurring.legacyNumber,
        from: "reminder",
        to: "superseded",
        reissuedInvoice: null,
      },
      [w.pendingSingle.legacyNumber]: { legacyNumber: w.pendingSingle.legacyNumber, from: "pending", to: "uncollectible" },
      [w.reminderSingle.legacyNumber]: { legacyNumber: w.reminderSingle.legacyNumber, from: "reminder", to: "uncollectible" },
      [w.orphanRecurring.legacyNumber]: { legacyNumber: w.orphanRecurring.legacyNumber, from: "pending", to: null, skipped: "no_customer" },
    };
    for (const [number, outcome] of Object.entries(expected)) expect(outcomeOf(dry.outcomes, number)).toEqual(outcome);
    expect(outcomeOf(dry.outcomes, w.paid.legacyNumber)).toBeUndefined();
    expect(await db.invoice.count()).toBe(invoicesBefore);
    expect((await legacy(w.hold.id)).status).toBe("hold");
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: w.bundle.id } })).status).toBe("active");

    const run = await settleUnpaidLegacyInvoices({ now: NOW, pageSize: 3 });
    expect(run.counts.failed).toBe(0);

    // hold, never paid -> dropped; the bundle cancelled, both MAN invoices voided (never deleted).
    expect(outcomeOf(run.outcomes, w.hold.legacyNumber)).toEqual(expected[w.hold.legacyNumber]);
    expect(await legacy(w.hold.id)).toMatchObject({ status: "dropped", settledAt: NOW });
    expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id: w.bundle.id } })).toMatchObject({
      status: "cancelled",
      cancelledAt: NOW,
    });
    for (const m of [w.man1, w.man2])
      expect(await db.invoice.findUniqueOrThrow({ where: { id: m.id } })).toMatchObject({
        status: "void",
        voidedAt: NOW,
        voidReason: `Altrechnung ${w.hold.legacyNumber} nie bezahlt, ausgebucht.`,
      });

    // Paid through a MAN invoice: not "never paid", left alone.
    expect((await legacy(w.holdPaid.id)).status).toBe("hold");
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: w.paidBundle.id } })).status).toBe("active");

    // pending, recurring -> superseded, reissued for the unpaid service period at the same (net) amount.
    const superseded = outcomeOf(run.outcomes, w.pendingRecurring.legacyNumber) as Extract<SettleOutcome, { to: "superseded" }>;
    expect(superseded.reissuedInvoice).toMatch(/^MAN-2026-\d{5}$/);
    expect(await legacy(w.pendingRecurring.id)).toMatchObject({ status: "superseded", settledAt: NOW });
    expect(await db.invoice.findUniqueOrThrow({ where: { number: superseded.reissuedInvoice! } })).toMatchObject({
      kind: "manual",
      status: "open",
      userId: w.recurringCustomer.id,
      userPaymentOptionId: w.running.id,
      replacesLegacyInvoiceNumber: w.pendingRecurring.legacyNumber,
      amountCents: 12345,
      periodStart: berlin("2026-02-01"),
      periodEnd: berlin("2026-03-01"),
      lines: [
        {
          description: `Paket Business – Februar 2026 (ersetzt Rechnung ${w.pendingRecurring.legacyNumber})`,
          quantity: 1,
          unitNetCents: 12345,
        },
      ],
    });
    // reminder, recurring, no running agreement: the service end of the unpaid one closes the period.
    const reissued = await db.invoice.findFirstOrThrow({ where: { replacesLegacyInvoiceNumber: w.reminderRecurring.legacyNumber } });
    expect(reissued).toMatchObject({
      userPaymentOptionId: null,
      periodStart: berlin("2026-03-01"),
      periodEnd: berlin("2026-03-16"),
      lines: [
        { description: `Leistung März 2026 (ersetzt Rechnung ${w.reminderRecurring.legacyNumber})`, quantity: 1, unitNetCents: 9900 },
      ],
    });
    expect((await legacy(w.reminderRecurring.id)).status).toBe("superseded");

    // single -> uncollectible, nothing else.
    for (const l of [w.pendingSingle, w.reminderSingle])
      expect(await legacy(l.id)).toMatchObject({ status: "uncollectible", settledAt: NOW });
    expect(
      await db.invoice.count({
        where: { replacesLegacyInvoiceNumber: { in: [w.pendingSingle.legacyNumber, w.reminderSingle.legacyNumber] } },
      }),
    ).toBe(0);
    expect((await legacy(w.orphanRecurring.id)).status).toBe("pending");
    expect((await legacy(w.paid.id)).status).toBe("paid");
    expect(
      await db.activityLog.count({
        where: {
          subjectType: "legacy_invoice",
          subjectId: { in: [w.hold.legacyNumber, w.pendingRecurring.legacyNumber, w.pendingSingle.legacyNumber] },
        },
      }),
    ).toBe(3);

    const invoicesAfter = await db.invoice.count();
    const again = await settleUnpaidLegacyInvoices({ now: NOW });
    expect(again.outcomes.filter((o) => o.to !== null)).toEqual([]);
    expect(await db.invoice.count()).toBe(invoicesAfter);
  });

  it("two runs at once settle each legacy invoice once and reissue it once", async () => {
    const customer = await seedUser();
    const rows = await Promise.all(
      [1, 2, 3].map((i) => seedLegacy({ userId: customer.id, status: "pending", recurring: true, serviceStart: berlin(`2026-0${i}-01`) })),
    );
    const runs = await Promise.allSettled([settleUnpaidLegacyInvoices({ now: NOW }), settleUnpaidLegacyInvoices({ now: NOW })]);
    expect(runs.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    const superseded = runs
      .flatMap((r) => (r.status === "fulfilled" ? r.value.outcomes : []))
      .filter((o) => o.to === "superseded" && rows.some((row) => row.legacyNumber === o.legacyNumber));
    expect(superseded).toHaveLength(3);
    for (const row of rows) {
      expect((await legacy(row.id)).status).toBe("superseded");
      expect(await db.invoice.count({ where: { replacesLegacyInvoiceNumber: row.legacyNumber } })).toBe(1);
    }
  });
});
