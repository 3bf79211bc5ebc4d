import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedUser } from "@/tests/factories";
import { berlinStartOfDay } from "./billing-period";
import { runInvoices } from "./invoice-run";

// The invoice run (spec 8): due manual agreements get one MAN invoice for their next month, the
// limit counts created invoices, the due stock is read in pages, held agreements are not
// invoiced and are listed last. Every run here uses the same `now`, and every seeded period ends
// less than a month before it, so an invoiced agreement is not due again in a later test.

const NOW = new Date("2026-06-10T02:30:00Z");
const berlin = (d: string) => berlinStartOfDay(d)!;

function seedAgreement(userId: number, data: Partial<Prisma.UserPaymentOptionUncheckedCreateInput> = {}) {
  return db.userPaymentOption.create({
    data: {
      userId,
      provider: "manual",
      plan: "business",
      priceCents: 12900,
      periodStart: berlin("2026-05-01"),
      periodEnd: berlin("2026-06-01"),
      ...data,
    },
  });
}

const invoicesOf = (paymentOptionId: number) =>
  db.invoice.findMany({ where: { userPaymentOptionId: paymentOptionId }, orderBy: { id: "asc" } });

describe("runInvoices", () => {
  it("invoices a due agreement for its next month, sends it, advances the period; a rerun creates nothing", async () => {
    const user = await seedUser();
    const a = await seedAgreement(user.id);
    const r = await runInvoices({ now: NOW });
    expect(r.failed).toEqual([]);
    const mine = r.created.filter((c) => c.agreementId === a.id);
    expect(mine).toHaveLength(1);
    const [invoice] = await invoicesOf(a.id);
    expect(invoice).toMatchObject({
      number: mine[0]!.number,
      kind: "manual",
      status: "open",
      userId: user.id,
      amountCents: 12900,
      taxCents: 2451,
      periodStart: berlin("2026-06-01"),
      periodEnd: berlin("2026-07-01"),
      sentAt: NOW,
      lines: [{ description: "Paket Business – Juni 2026", quantity: 1, unitNetCents: 12900 }],
    });
    expect(invoice!.number).toMatch(/^MAN-2026-\d{5}$/);
    expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({
      periodStart: berlin("2026-06-01"),
      periodEnd: berlin("2026-07-01"),
    });
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "invoice" } })).toBe(1);
    expect(
      await db.activityLog.count({ where: { type: "agreement.period_invoiced", subjectId: String(a.id), result: invoice!.number } }),
    ).toBe(1);

    const again = await runInvoices({ now: NOW });
    expect(again.created).toEqual([]);
    expect(await invoicesOf(a.id)).toHaveLength(1);
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "invoice" } })).toBe(1);
  });

  it("a never-billed agreement is invoiced from now; the stored plan names an unknown plan", async () => {
    const user = await seedUser();
    const a = await seedAgreement(user.id, { periodStart: null, periodEnd: null, plan: "Altvertrag Premium", priceCents: 7500 });
    await runInvoices({ now: NOW });
    const [invoice] = await invoicesOf(a.id);
    expect(invoice).toMatchObject({
      periodStart: NOW,
      amountCents: 7500,
      lines: [{ description: "Paket Altvertrag Premium – Juni 2026", quantity: 1, unitNetCents: 7500 }],
    });
  });

  it("stops at the limit of created invoices, oldest period end first, reading the due stock in pages", async () => {
    const user = await seedUser();
    // Created newest-first, so id order and period order disagree.
    const ends = ["2026-06-09", "2026-06-08", "2026-06-07", "2026-06-06", "2026-06-05", "2026-06-04", "2026-06-03"];
    const rows = [];
    for (const end of ends) rows.push(await seedAgreement(user.id, { periodStart: berlin("2026-05-03"), periodEnd: berlin(end) }));
    const oldestFirst = [...rows].reverse().map((r) => r.id);

    const first = await runInvoices({ now: NOW, limit: 5, pageSize: 2 });
    expect(first.created.map((c) => c.agreementId)).toEqual(oldestFirst.slice(0, 5));
    expect(first.limitReached).toBe(true);
    const second = await runInvoices({ now: NOW, limit: 5, pageSize: 2 });
    expect(second.created.map((c) => c.agreementId)).toEqual(oldestFirst.slice(5));
    expect(second.limitReached).toBe(false);
    for (const r of rows) expect(await invoicesOf(r.id)).toHaveLength(1);
  });

  it("does not invoice held, ended, card, not yet due or expiring agreements; held ones are listed as blocked", async () => {
    const user = await seedUser();
    const held = await seedAgreement(user.id, { billingHoldAt: new Date("2026-05-20T08:00:00Z"), billingHoldReason: "Adresse klären" });
    const heldNotDue = await seedAgreement(user.id, { billingHoldAt: new Date("2026-05-20T08:00:00Z"), periodEnd: berlin("2026-07-01") });
    const cancelled = await seedAgreement(user.id, { status: "cancelled" });
    const card = await seedAgreement(user.id, { provider: "stripe" });
    const notDue = await seedAgreement(user.id, { periodStart: berlin("2026-06-01"), periodEnd: berlin("2026-07-01") });
    // Its terms end before the new period (1 June): left to the expire run.
    const expiring = await seedAgreement(user.id, { grandfatheredUntil: berlin("2026-05-31") });
    const grandfathered = await seedAgreement(user.id, { grandfatheredUntil: berlin("2026-12-01") });

    const r = await runInvoices({ now: NOW, pageSize: 2 });
    const invoiced = r.created.map((c) => c.agreementId);
    for (const a of [held, heldNotDue, cancelled, card, notDue, expiring]) {
      expect(invoiced).not.toContain(a.id);
      expect(await invoicesOf(a.id)).toEqual([]);
    }
    expect(invoiced).toContain(grandfathered.id);
    expect(r.blocked).toContainEqual({
      agreementId: held.id,
      userId: user.id,
      plan: "business",
      reason: "Adresse klären",
      heldAt: new Date("2026-05-20T08:00:00Z"),
      periodEnd: berlin("2026-06-01"),
    });
    expect(r.blocked.map((b) => b.agreementId)).not.toContain(heldNotDue.id);
  });

  it("a dry run lists what would be invoiced and changes nothing", async () => {
    const user = await seedUser();
    const a = await seedAgreement(user.id, { periodEnd: berlin("2026-06-02") });
    const dry = await runInvoices({ now: NOW, dryRun: true });
    expect(dry.created).toContainEqual({
      agreementId: a.id,
      userId: user.id,
      invoiceId: null,
      number: null,
      periodStart: berlin("2026-06-02"),
      periodEnd: berlin("2026-07-02"),
    });
    expect(await invoicesOf(a.id)).toEqual([]);
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: a.id } })).periodEnd).toEqual(berlin("2026-06-02"));
    await runInvoices({ now: NOW });
  });

  it("three runs at once invoice each agreement once", async () => {
    const users = await Promise.all([seedUser(), seedUser()]);
    const rows: { id: number }[] = [];
    for (const u of users) for (let i = 0; i < 3; i++) rows.push(await seedAgreement(u.id, { periodEnd: berlin(`2026-06-0${i + 2}`) }));
    const runs = await Promise.allSettled([1, 2, 3].map(() => runInvoices({ now: NOW, pageSize: 2 })));
    expect(runs.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    // The losers wait on the agreement's lock and find it no longer due: skipped, never failed.
    expect(runs.flatMap((r) => (r.status === "fulfilled" ? r.value.failed : []))).toEqual([]);
    const created = runs
      .flatMap((r) => (r.status === "fulfilled" ? r.value.created : []))
      .filter((c) => rows.some((row) => row.id === c.agreementId));
    expect(created).toHaveLength(rows.length);
    for (const row of rows) expect(await invoicesOf(row.id)).toHaveLength(1);
  });

  it("an agreement whose step fails is reported; the others are invoiced and no invoice number is lost", async () => {
    const user = await seedUser();
    const broken = await seedAgreement(user.id, { periodEnd: berlin("2026-06-02") });
    const fine = await seedAgreement(user.id, { periodEnd: berlin("2026-06-03") });
    const later = await seedAgreement(user.id, { periodEnd: berlin("2026-06-04") });
    await db.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION test_refuse_agreement_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_agreement_update BEFORE UPDATE ON user_payment_options FOR EACH ROW WHEN (NEW.id = ${broken.id}) EXECUTE FUNCTION test_refuse_agreement_update()`,
    );
    try {
      const r = await runInvoices({ now: NOW });
      expect(r.failed).toEqual([{ agreementId: broken.id, error: expect.stringContaining("disk full") }]);
      expect(r.created.map((c) => c.agreementId)).toEqual([fine.id, later.id]);
      // The failed step's number went back with its transaction: the numbers stay gapless.
      const [a, b] = r.created.map((c) => Number(c.number!.slice(-5)));
      expect(b! - a!).toBe(1);
      expect(await invoicesOf(broken.id)).toEqual([]);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER test_refuse_agreement_update ON user_payment_options`);
    }
    expect((await runInvoices({ now: NOW })).created.map((c) => c.agreementId)).toEqual([broken.id]);
  });

  it("an agreement months behind gets one month per run", async () => {
    const user = await seedUser();
    const a = await seedAgreement(user.id, { periodStart: berlin("2026-02-01"), periodEnd: berlin("2026-03-01") });
    const months = [];
    for (let i = 0; i < 5; i++)
      months.push((await runInvoices({ now: NOW })).created.filter((c) => c.agreementId === a.id).map((c) => c.periodStart));
    expect(months).toEqual([[berlin("2026-03-01")], [berlin("2026-04-01")], [berlin("2026-05-01")], [berlin("2026-06-01")], []]);
  });
});
