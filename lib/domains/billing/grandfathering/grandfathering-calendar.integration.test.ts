import { describe, expect, it } from "vitest";
import { berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { billNow } from "@/lib/domains/billing/agreements/billing-holds";
import { runInvoices } from "@/lib/domains/billing/agreements/invoice-run";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { quotaStatus } from "@/lib/domains/releases/quota";
import { seedUser } from "@/tests/factories";
import { seedAdmin } from "@/tests/release-fixtures";
import { expireGrandfathering } from "./expire-grandfathering";

// Spec 3.1: the previous terms end at the first period boundary after the end date, counted by
// the calendar. The stored period end moves only when the invoice run bills: an agreement on
// billing hold, or one behind a stalled run, must still reach its boundary on time, lose its
// quota then, and never be billed for a period after it.

const berlin = (d: string) => berlinStartOfDay(d)!;
/** 04:15 and 04:30 in Berlin (summer time): the expire run, then the invoice run. */
const expireAt = (day: string) => new Date(`${day}T02:15:00Z`);
const invoiceAt = (day: string) => new Date(`${day}T02:30:00Z`);
const agreement = (id: number) => db.userPaymentOption.findUniqueOrThrow({ where: { id } });
const mailsTo = (email: string) => db.mailOutbox.count({ where: { to: email, mailType: "grandfathering_expired" } });

function seedManual(userId: number, data: { periodEnd: Date; grandfatheredUntil: Date; billingHoldAt?: Date }) {
  return db.userPaymentOption.create({
    data: {
      userId,
      provider: "manual",
      plan: "business",
      priceCents: 12900,
      monthlyReleaseQuota: 10,
      periodStart: berlin("2025-12-01"),
      billingHoldReason: data.billingHoldAt ? "Adresse unklar" : null,
      ...data,
    },
  });
}

describe("grandfathering by the calendar, invoiced or not", () => {
  it("an agreement on billing hold ends at its boundary (1 April for terms until 1 March), loses its quota and is never billed for a later period", async () => {
    const user = await seedUser();
    const admin = await seedAdmin(["billing:manage"]);
    // Billed up to 1 January 2026, then held; the terms reach the period that begins on 1 March.
    const held = await seedManual(user.id, {
      periodEnd: berlin("2026-01-01"),
      grandfatheredUntil: berlin("2026-03-01"),
      billingHoldAt: berlin("2025-12-20"),
    });

    // 20 March: the period that began on 1 March is still the old terms'.
    await expireGrandfathering({ now: expireAt("2026-03-20") });
    expect(await agreement(held.id)).toMatchObject({ status: "active", grandfatheringExpiredAt: null });
    expect((await quotaStatus(db, user.id, expireAt("2026-03-20"))).limit).toBe(10);

    // A year and more later the hold is still there: the terms ended on 1 April all the same.
    const later = expireAt("2027-06-01");
    const r = await expireGrandfathering({ now: later });
    expect(r).toMatchObject({ expired: 1, mails: 1, failed: 0 });
    expect(await agreement(held.id)).toMatchObject({
      status: "cancelled",
      cancelledAt: later,
      grandfatheringExpiredAt: later,
      periodEnd: berlin("2026-01-01"),
    });
    expect(await mailsTo(user.email)).toBe(1);
    expect((await quotaStatus(db, user.id, later)).limit).toBe(0);

    // Neither the run nor "bill now" after the hold bills the months after the boundary at the old price.
    expect((await runInvoices({ now: invoiceAt("2027-06-01") })).created.map((c) => c.agreementId)).not.toContain(held.id);
    const refused = await billNow({ paymentOptionId: held.id, actorUserId: admin.id, now: invoiceAt("2027-06-01") }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("conflict");
    expect(await db.invoice.count({ where: { userPaymentOptionId: held.id } })).toBe(0);
  });

  it("a stalled invoice run: the run that comes back bills no period after the boundary, even before the expire run has ended the terms", async () => {
    const user = await seedUser();
    const stalled = await seedManual(user.id, { periodEnd: berlin("2026-01-01"), grandfatheredUntil: berlin("2026-03-01") });
    // The invoice run returns on 10 May; the expire run of that morning has not run (it failed).
    for (const day of ["2026-05-10", "2026-05-11", "2026-05-12", "2026-05-13"]) {
      expect((await runInvoices({ now: invoiceAt(day) })).created.map((c) => c.agreementId)).not.toContain(stalled.id);
    }
    expect(await db.invoice.count({ where: { userPaymentOptionId: stalled.id } })).toBe(0);
    expect((await agreement(stalled.id)).periodEnd).toEqual(berlin("2026-01-01"));
  });

  it("before the boundary a held agreement keeps running, and once the hold is lifted the run bills the periods the terms reach", async () => {
    const user = await seedUser();
    const admin = await seedAdmin(["billing:manage"]);
    const held = await seedManual(user.id, {
      periodEnd: berlin("2026-01-01"),
      grandfatheredUntil: berlin("2026-03-01"),
      billingHoldAt: berlin("2025-12-20"),
    });
    await expireGrandfathering({ now: expireAt("2026-02-10") });
    const billed = await billNow({ paymentOptionId: held.id, actorUserId: admin.id, now: invoiceAt("2026-02-10") });
    expect(billed.invoice).not.toBeNull();
    expect(await agreement(held.id)).toMatchObject({
      status: "active",
      periodStart: berlin("2026-01-01"),
      periodEnd: berlin("2026-02-01"),
    });
  });
});
