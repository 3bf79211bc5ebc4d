import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedCompany, seedUser } from "@/tests/factories";
import { customerWithInvoice, invoiceMails, issueInvoice } from "@/tests/invoice-fixtures";
import { markInvoicePaid } from "./mark-invoice-paid";
import { remindInvoice } from "./remind-invoice";
import { sendManualInvoice } from "./send-manual-invoice";
import { voidInvoice } from "./void-invoice";

const admin = () => seedUser({ staffRole: "admin", permissions: ["billing:manage"] });
const invoiceRow = (id: number) => db.invoice.findUniqueOrThrow({ where: { id } });
const activity = (type: string, invoiceId: number) =>
  db.activityLog.findMany({ where: { type, subjectType: "invoice", subjectId: String(invoiceId) }, orderBy: { id: "asc" } });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("sendManualInvoice", () => {
  it("sends, sets sent_at and records the actor; a second send re-sends and says so", async () => {
    const { invoice } = await customerWithInvoice();
    const actor = await admin();
    const first = await sendManualInvoice({ invoiceId: invoice.id, actorUserId: actor.id, now: new Date("2026-12-01T10:00:00Z") });
    const second = await sendManualInvoice({ invoiceId: invoice.id, actorUserId: actor.id, now: new Date("2026-12-02T10:00:00Z") });
    expect([first, second]).toEqual([
      { mails: 1, resent: false },
      { mails: 1, resent: true },
    ]);
    expect((await invoiceRow(invoice.id)).sentAt).toEqual(new Date("2026-12-02T10:00:00Z"));
    expect((await invoiceMails(invoice.number)).map((m) => m.mailType)).toEqual(["invoice", "invoice"]);
    const entries = await activity("invoice.sent", invoice.id);
    expect(entries.map((e) => [e.actorUserId, e.result, (e.metadata as { resent: boolean }).resent])).toEqual([
      [actor.id, "sent", false],
      [actor.id, "resent", true],
    ]);
  });

  it("refuses a voided invoice (409) and sends nothing", async () => {
    const { invoice } = await customerWithInvoice();
    await voidInvoice({ invoiceId: invoice.id, reason: "Falscher Betrag" });
    expect((await refusal(sendManualInvoice({ invoiceId: invoice.id }))).status).toBe(409);
    expect(await invoiceMails(invoice.number)).toEqual([]);
    expect((await invoiceRow(invoice.id)).sentAt).toBeNull();
  });
});

describe("remindInvoice", () => {
  it("reminds an open invoice: reminded_at, reminder_count, a reminder mail, an activity entry", async () => {
    const { invoice } = await customerWithInvoice();
    const actor = await admin();
    const at = new Date("2026-12-20T09:00:00Z");
    expect(await remindInvoice({ invoiceId: invoice.id, actorUserId: actor.id, now: at })).toEqual({ mails: 1, reminderCount: 1 });
    expect(await remindInvoice({ invoiceId: invoice.id, actorUserId: actor.id, now: at })).toEqual({ mails: 1, reminderCount: 2 });
    expect(await invoiceRow(invoice.id)).toMatchObject({ remindedAt: at, reminderCount: 2, status: "open" });
    expect((await invoiceMails(invoice.number)).map((m) => m.mailType)).toEqual(["invoice_reminder", "invoice_reminder"]);
    expect((await activity("invoice.reminded", invoice.id)).map((e) => e.actorUserId)).toEqual([actor.id, actor.id]);
  });

  it("counts every one of reminders sent at once", async () => {
    const { invoice } = await customerWithInvoice();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => remindInvoice({ invoiceId: invoice.id })));
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    expect((await invoiceRow(invoice.id)).reminderCount).toBe(6);
    expect(results.map((r) => (r as PromiseFulfilledResult<{ reminderCount: number }>).value.reminderCount).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  });

  it("refuses paid and voided invoices (409): no mail, no count", async () => {
    const { invoice: paid } = await customerWithInvoice();
    const { invoice: voided } = await customerWithInvoice();
    await markInvoicePaid({ invoiceId: paid.id });
    await voidInvoice({ invoiceId: voided.id, reason: "Storniert" });
    for (const invoice of [paid, voided]) {
      expect((await refusal(remindInvoice({ invoiceId: invoice.id }))).status).toBe(409);
      expect(await invoiceMails(invoice.number)).toEqual([]);
      expect((await invoiceRow(invoice.id)).reminderCount).toBe(0);
    }
  });
});

describe("markInvoicePaid", () => {
  it("moves open to paid with paid_at, writes invoice.paid and a payment entry, and stage 5 for the agreement's newsroom", async () => {
    const customer = await seedUser();
    const newsroom = await seedCompany();
    const agreement = await db.userPaymentOption.create({
      data: { userId: customer.id, companyId: newsroom.id, provider: "manual", plan: "business" },
    });
    const invoice = await issueInvoice(customer.id, { paymentOptionId: agreement.id });
    const actor = await admin();
    const paidAt = new Date("2026-12-08T00:00:00Z");
    expect(await markInvoicePaid({ invoiceId: invoice.id, actorUserId: actor.id, paidAt, now: new Date("2026-12-10T00:00:00Z") })).toEqual({
      paid: true,
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paidAt });
    expect((await activity("invoice.paid", invoice.id)).map((e) => e.actorUserId)).toEqual([actor.id]);
    const [payment] = await activity(ACTIVITY.paymentReceived, invoice.id);
    expect(payment).toMatchObject({ actorUserId: actor.id, result: "paid", path: "bank_transfer" });
    expect(payment!.metadata).toMatchObject({ grossCents: 15_351 });
    const events = await db.conversionEvent.findMany({ where: { companyId: newsroom.id, stage: 5 } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: "manual_invoice", dedupeKey: `stage5:company:${newsroom.id}` });
  });

  it("counts stage 5 once per newsroom, falls back to the first owned newsroom, and skips an account without one", async () => {
    const customer = await seedUser();
    const owned = await seedCompany();
    await db.companyUser.create({ data: { companyId: owned.id, userId: customer.id, role: "owner", grantedVia: "manual" } });
    const [a, b] = [await issueInvoice(customer.id), await issueInvoice(customer.id)];
    await markInvoicePaid({ invoiceId: a.id });
    await markInvoicePaid({ invoiceId: b.id });
    expect(await db.conversionEvent.count({ where: { companyId: owned.id, stage: 5 } })).toBe(1);
    const { invoice: lone } = await customerWithInvoice();
    const before = await db.conversionEvent.count({ where: { stage: 5 } });
    expect(await markInvoicePaid({ invoiceId: lone.id })).toEqual({ paid: true });
    expect(await db.conversionEvent.count({ where: { stage: 5 } })).toBe(before);
  });

  it("books one payment when two admins click at once; a later click changes nothing", async () => {
    const { invoice } = await customerWithInvoice();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => markInvoicePaid({ invoiceId: invoice.id })));
    const paid = results.map((r) => (r.status === "fulfilled" ? r.value.paid : "error"));
    expect(paid.filter((p) => p === true)).toHaveLength(1);
    expect(paid.filter((p) => p === false)).toHaveLength(4);
    expect(await activity(ACTIVITY.paymentReceived, invoice.id)).toHaveLength(1);
    expect(await markInvoicePaid({ invoiceId: invoice.id })).toEqual({ paid: false });
  });

  it("refuses a voided invoice (409) and a payment date in the future (422)", async () => {
    const { invoice } = await customerWithInvoice();
    expect((await refusal(markInvoicePaid({ invoiceId: invoice.id, paidAt: new Date(Date.now() + 86_400_000) }))).status).toBe(422);
    await voidInvoice({ invoiceId: invoice.id, reason: "Storniert" });
    expect((await refusal(markInvoicePaid({ invoiceId: invoice.id }))).status).toBe(409);
    expect((await invoiceRow(invoice.id)).status).toBe("void");
  });
});

describe("voidInvoice", () => {
  it("voids an open invoice with reason and time, never deletes it, and records the actor", async () => {
    const { invoice } = await customerWithInvoice();
    const actor = await admin();
    expect(await voidInvoice({ invoiceId: invoice.id, reason: "  Doppelt ausgestellt  ", actorUserId: actor.id })).toEqual({
      voided: true,
    });
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ status: "void", voidReason: "Doppelt ausgestellt", number: invoice.number });
    expect(row.voidedAt).toBeInstanceOf(Date);
    const [entry] = await activity("invoice.voided", invoice.id);
    expect(entry).toMatchObject({ actorUserId: actor.id, reason: "Doppelt ausgestellt" });
  });

  it("leaves void and paid invoices as they are", async () => {
    const { invoice: voided } = await customerWithInvoice();
    const { invoice: paid } = await customerWithInvoice();
    await voidInvoice({ invoiceId: voided.id, reason: "Erster Grund" });
    await markInvoicePaid({ invoiceId: paid.id });
    expect(await voidInvoice({ invoiceId: voided.id, reason: "Zweiter Grund" })).toEqual({ voided: false });
    expect(await voidInvoice({ invoiceId: paid.id, reason: "Zu spät" })).toEqual({ voided: false });
    expect(await invoiceRow(voided.id)).toMatchObject({ status: "void", voidReason: "Erster Grund" });
    expect(await invoiceRow(paid.id)).toMatchObject({ status: "paid", voidReason: null });
    expect(await activity("invoice.voided", voided.id)).toHaveLength(1);
  });

  it("requires a reason of 1 to 500 characters (422)", async () => {
    const { invoice } = await customerWithInvoice();
    for (const reason of ["", "   ", "x".repeat(501), "a\u0000b"]) {
      expect((await refusal(voidInvoice({ invoiceId: invoice.id, reason }))).status).toBe(422);
    }
    expect((await invoiceRow(invoice.id)).status).toBe("open");
    expect(await voidInvoice({ invoiceId: invoice.id, reason: "x".repeat(500) })).toEqual({ voided: true });
  });

  it("lets exactly one of a void and a payment at the same time win", async () => {
    for (let round = 0; round < 3; round++) {
      const { invoice } = await customerWithInvoice();
      const [voided, paid] = await Promise.allSettled([
        voidInvoice({ invoiceId: invoice.id, reason: "Wettlauf" }),
        markInvoicePaid({ invoiceId: invoice.id }),
      ]);
      const row = await invoiceRow(invoice.id);
      const voidWon = voided.status === "fulfilled" && voided.value.voided;
      const payWon = paid.status === "fulfilled" && paid.value.paid;
      expect(voidWon !== payWon).toBe(true);
      expect(row.status).toBe(voidWon ? "void" : "paid");
      if (voidWon) expect(paid.status).toBe("rejected");
    }
  });

  it("answers 404 for an unknown invoice", async () => {
    expect((await refusal(voidInvoice({ invoiceId: 2_000_000_000, reason: "Gibt es nicht" }))).status).toBe(404);
    expect((await refusal(markInvoicePaid({ invoiceId: 2_000_000_000 }))).status).toBe(404);
  });
});
