import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb, db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedUser, unique } from "@/tests/factories";
import { containsPattern, loadPaymentsOverview, parsePaymentsQuery, PAYMENTS_PAGE_SIZE } from "./payments-overview";

// /admin/payments lists (spec 4.3, 8): open MAN invoices first, card payments, grandfathered
// agreements, held agreements last; one search over e-mail and number, paged by 50.

const NOW = new Date("2026-06-10T09:00:00Z");
const DAY = 86_400_000;
let serial = 0;

function seedInvoice(userId: number, data: Partial<Prisma.InvoiceUncheckedCreateInput> = {}) {
  serial += 1;
  const kind = data.kind ?? "manual";
  const number = data.number ?? `${kind === "manual" ? "MAN" : "STR"}-2026-${String(90000 + serial).padStart(5, "0")}`;
  return db.invoice.create({
    data: {
      number,
      kind,
      userId,
      status: "open",
      amountCents: 10000,
      taxCents: 1900,
      issuedAt: new Date(NOW.getTime() - 20 * DAY),
      dueAt: new Date(NOW.getTime() + 5 * DAY),
      ...data,
    },
  });
}

function seedAgreement(userId: number, data: Partial<Prisma.UserPaymentOptionUncheckedCreateInput> = {}) {
  return db.userPaymentOption.create({ data: { userId, provider: "manual", plan: "starter", priceCents: 4900, ...data } });
}

/** A world of its own: every e-mail carries this marker, so a search sees only this test's rows. */
async function seedCustomer(marker: string, name = "Erika Muster") {
  return seedUser({ email: `${unique(marker)}@example.test`, name });
}

afterEach(() => vi.restoreAllMocks());

describe("payments overview", () => {
  it("lists open MAN invoices first with the customer, due and reminder facts; card payments apart; held agreements last", async () => {
    const marker = unique("ovw");
    const erika = await seedCustomer(marker);
    const max = await seedCustomer(marker, "Max Beispiel");
    const overdue = await seedInvoice(erika.id, {
      dueAt: new Date(NOW.getTime() - 3 * DAY),
      sentAt: new Date(NOW.getTime() - 18 * DAY),
      remindedAt: new Date(NOW.getTime() - DAY),
      reminderCount: 2,
    });
    const dueLater = await seedInvoice(max.id, { amountCents: 4900, taxCents: 931 });
    const paid = await seedInvoice(erika.id, { status: "paid", paidAt: NOW });
    const voided = await seedInvoice(max.id, { status: "void", voidedAt: NOW, voidReason: "Doppelt" });
    const card = await seedInvoice(erika.id, { kind: "stripe", status: "paid", paidAt: NOW, pdfPath: "invoices/x.pdf" });
    const held = await seedAgreement(erika.id, { billingHoldAt: new Date(NOW.getTime() - 2 * DAY), billingHoldReason: "Adresse klären" });
    const heldLater = await seedAgreement(max.id, { billingHoldAt: NOW, billingHoldReason: "Streit" });
    await seedAgreement(max.id, { billingHoldAt: NOW, status: "cancelled" });
    const grandfathered = await seedAgreement(erika.id, { plan: "business", grandfatheredUntil: new Date("2026-12-31T23:00:00Z") });
    await seedAgreement(max.id, { grandfatheredUntil: new Date("2026-09-30T22:00:00Z"), status: "cancelled" });

    const o = await loadPaymentsOverview({ q: marker, now: NOW });
    expect(o.invoices.rows.map((r) => r.id)).toEqual([overdue.id, dueLater.id]);
    expect(o.invoices.total).toBe(2);
    expect(o.invoices.rows[0]).toMatchObject({
      number: overdue.number,
      status: "open",
      customer: { userId: erika.id, name: "Erika Muster", email: erika.email },
      grossCents: 11900,
      reminderCount: 2,
      remindedAt: overdue.remindedAt,
      sentAt: overdue.sentAt,
      dueAt: overdue.dueAt,
      issuedAt: overdue.issuedAt,
      isOverdue: true,
    });
    expect(o.invoices.rows[1]).toMatchObject({ grossCents: 5831, isOverdue: false, sentAt: null });
    // The status filter applies to card payments too: the paid card invoice is not under "open".
    expect(o.providerPayments).toEqual([]);
    expect(o.counts).toEqual({ open: 2, paid: 2, void: 1, all: 5 });
    expect((await loadPaymentsOverview({ q: marker, status: "paid", now: NOW })).providerPayments).toEqual([
      expect.objectContaining({
        id: card.id,
        number: card.number,
        hasPdf: true,
        grossCents: 11900,
        customer: expect.objectContaining({ email: erika.email }),
      }),
    ]);
    expect(o.blocked.rows.map((a) => a.id)).toEqual([held.id, heldLater.id]);
    expect(o.blocked.rows[0]).toMatchObject({ holdReason: "Adresse klären", customer: { email: erika.email }, planName: "Starter" });
    expect(o.grandfathered.rows).toEqual([
      expect.objectContaining({ id: grandfathered.id, planName: "Business", grandfatheredUntil: new Date("2026-12-31T23:00:00Z") }),
    ]);

    // "all": open first, then the rest newest first; each status on its own.
    const all = await loadPaymentsOverview({ q: marker, status: "all", now: NOW });
    expect(all.invoices.rows.slice(0, 2).map((r) => r.id)).toEqual([overdue.id, dueLater.id]);
    expect(new Set(all.invoices.rows.slice(2).map((r) => r.id))).toEqual(new Set([paid.id, voided.id]));
    expect((await loadPaymentsOverview({ q: marker, status: "paid" })).invoices.rows.map((r) => r.id)).toEqual([paid.id]);
    expect((await loadPaymentsOverview({ q: marker, status: "void" })).invoices.rows).toEqual([
      expect.objectContaining({ id: voided.id, voidReason: "Doppelt" }),
    ]);
  });

  it("searches by e-mail (any case) or invoice number, with LIKE wildcards taken literally", async () => {
    const marker = unique("srch");
    const a = await seedCustomer(marker);
    const invoice = await seedInvoice(a.id, { number: `MAN-2026-${String(70000 + (Date.now() % 9999)).padStart(5, "0")}` });
    expect((await loadPaymentsOverview({ q: a.email.toUpperCase() })).invoices.rows.map((r) => r.id)).toEqual([invoice.id]);
    expect((await loadPaymentsOverview({ q: invoice.number.toLowerCase() })).invoices.rows.map((r) => r.id)).toEqual([invoice.id]);
    // "%" and "_" would match everything; taken literally they match nothing here.
    for (const q of ["%", "_", `${marker.slice(0, 3)}_${marker.slice(4)}`, "\\"]) {
      const o = await loadPaymentsOverview({ q });
      expect(o.invoices.rows.map((r) => r.id)).not.toContain(invoice.id);
    }
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
    // Quotes and SQL are only words to search for.
    expect((await loadPaymentsOverview({ q: "' OR 1=1 --" })).invoices.total).toBe(0);
    expect((await loadPaymentsOverview({ q: "\u0000" })).q).toBe("");
  });

  it("pages by 50 with one query per list, however many rows", async () => {
    const marker = unique("page");
    const customers = await Promise.all([seedCustomer(marker), seedCustomer(marker), seedCustomer(marker)]);
    await db.invoice.createMany({
      data: Array.from({ length: PAYMENTS_PAGE_SIZE + 5 }, (_, i) => ({
        number: `MAN-2025-${String(10000 + i).padStart(5, "0")}`,
        kind: "manual" as const,
        userId: customers[i % 3]!.id,
        status: "open" as const,
        amountCents: 1000,
        taxCents: 190,
        dueAt: new Date(NOW.getTime() + i * DAY),
      })),
    });
    await Promise.all(customers.map((c) => seedAgreement(c.id, { billingHoldAt: NOW, billingHoldReason: "x", grandfatheredUntil: NOW })));

    const raw = vi.spyOn(getDb(), "$queryRaw");
    const first = await loadPaymentsOverview({ q: marker, now: NOW });
    // Eight statements: page and count of invoices, card payments, page and count of both agreement lists, the tabs' counts.
    expect(raw).toHaveBeenCalledTimes(8);
    expect(first).toMatchObject({ page: 1, pageCount: 2, invoices: { total: PAYMENTS_PAGE_SIZE + 5 } });
    expect(first.invoices.rows).toHaveLength(PAYMENTS_PAGE_SIZE);
    expect(first.blocked.total).toBe(3);
    const second = await loadPaymentsOverview({ q: marker, page: 2, now: NOW });
    expect(second.invoices.rows).toHaveLength(5);
    expect(second.invoices.rows[4]!.dueAt).toEqual(new Date(NOW.getTime() + (PAYMENTS_PAGE_SIZE + 4) * DAY));
    expect(new Set([...first.invoices.rows, ...second.invoices.rows].map((r) => r.id)).size).toBe(PAYMENTS_PAGE_SIZE + 5);
    expect((await loadPaymentsOverview({ q: marker, page: 9 })).invoices.rows).toEqual([]);
  });

  it("reads the query string defensively", () => {
    expect(parsePaymentsQuery({})).toEqual({ status: "open", q: "", page: 1 });
    expect(parsePaymentsQuery({ status: "paid", q: "  max@ ", page: "3" })).toEqual({ status: "paid", q: "max@", page: 3 });
    expect(parsePaymentsQuery({ status: "deleted", page: "-1" })).toMatchObject({ status: "open", page: 1 });
    expect(parsePaymentsQuery({ status: ["void", "all"], page: ["2"], q: "x".repeat(500) })).toMatchObject({
      status: "void",
      page: 2,
      q: "x".repeat(200),
    });
    expect(parsePaymentsQuery({ page: "1e3" }).page).toBe(1);
    expect(parsePaymentsQuery({ page: "99999" }).page).toBe(10_000);
  });
});
