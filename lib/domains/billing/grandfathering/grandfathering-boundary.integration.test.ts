import { describe, expect, it } from "vitest";
import { runInvoices } from "@/lib/domains/billing/agreements/invoice-run";
import { berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { payLocalCheckout } from "@/lib/domains/billing/provider/local-provider";
import { db } from "@/lib/core/db/client";
import { quotaStatus } from "@/lib/domains/releases/quota";
import { seedUser } from "@/tests/factories";
import { expireGrandfathering } from "./expire-grandfathering";

// Spec 3.1: previous terms end when the next period begins after the end date, so never in the
// middle of a period that was already invoiced or paid (4.7: the expire run at 04:15 comes
// before the invoice run at 04:30). Quota and card subscription last until that period ends.

const berlin = (d: string) => berlinStartOfDay(d)!;
/** 04:15 and 04:30 in Berlin (summer time) on a day: the expire run, then the invoice run. */
const expireAt = (day: string) => new Date(`${day}T02:15:00Z`);
const invoiceAt = (day: string) => new Date(`${day}T02:30:00Z`);
const DAY = 86_400_000;

const mailsTo = (email: string) => db.mailOutbox.count({ where: { to: email, mailType: "grandfathering_expired" } });
const agreement = (id: number) => db.userPaymentOption.findUniqueOrThrow({ where: { id } });
const expiredEntries = (id: number) => db.activityLog.count({ where: { type: "agreement.grandfathering_expired", subjectId: String(id) } });
const refuse = (what: string) => async (id: string) => {
  throw new Error(`${what} ${id}: not expected`);
};

describe("grandfathering ends at the period boundary", () => {
  it("a manual agreement whose invoiced period contains the end date runs to that period's end, then ends once with one mail", async () => {
    const user = await seedUser();
    const a = await db.userPaymentOption.create({
      data: {
        userId: user.id,
        provider: "manual",
        plan: "business",
        priceCents: 12900,
        monthlyReleaseQuota: 10,
        periodStart: berlin("2026-05-01"),
        periodEnd: berlin("2026-06-01"),
        grandfatheredUntil: berlin("2026-06-15"),
      },
    });

    // 1 June: the new period begins before the end date (15 June), so it is invoiced on the old terms.
    await expireGrandfathering({ now: expireAt("2026-06-01") });
    expect((await runInvoices({ now: invoiceAt("2026-06-01") })).created.map((c) => c.agreementId)).toContain(a.id);
    expect((await agreement(a.id)).periodEnd).toEqual(berlin("2026-07-01"));

    // Every morning of the invoiced June, the end date and the days after it included: nothing ends.
    for (const day of ["2026-06-02", "2026-06-14", "2026-06-15", "2026-06-16", "2026-06-30"]) {
      await expireGrandfathering({ now: expireAt(day) });
      expect((await runInvoices({ now: invoiceAt(day) })).created.map((c) => c.agreementId)).not.toContain(a.id);
      expect(await agreement(a.id)).toMatchObject({ status: "active", grandfatheringExpiredAt: null, cancelledAt: null });
      expect((await quotaStatus(db, user.id, expireAt(day))).limit).toBe(10);
    }
    expect(await mailsTo(user.email)).toBe(0);

    // 1 July, 04:15: the next period begins after the end date. Three expire runs and the invoice
    // run at once: it ends exactly once, one mail, and July is not invoiced.
    const boundary = expireAt("2026-07-01");
    const [invoiceRun, ...expireRuns] = await Promise.all([
      runInvoices({ now: invoiceAt("2026-07-01") }),
      ...[1, 2, 3].map(() => expireGrandfathering({ now: boundary })),
    ]);
    expect(expireRuns.every((r) => r.failed === 0)).toBe(true);
    expect(expireRuns.reduce((n, r) => n + r.expired, 0)).toBe(1);
    expect(invoiceRun.created.map((c) => c.agreementId)).not.toContain(a.id);
    expect(await agreement(a.id)).toMatchObject({
      status: "cancelled",
      cancelledAt: boundary,
      grandfatheringExpiredAt: boundary,
      grandfatheringNotifiedAt: boundary,
    });
    expect(await mailsTo(user.email)).toBe(1);
    expect(await expiredEntries(a.id)).toBe(1);
    expect(await db.invoice.count({ where: { userPaymentOptionId: a.id } })).toBe(1);
    expect((await quotaStatus(db, user.id, boundary)).limit).toBe(0);

    // Later runs find nothing left.
    await expireGrandfathering({ now: expireAt("2026-07-02") });
    expect(await mailsTo(user.email)).toBe(1);
  });

  it("a card subscription in its last paid period is not ended but told not to renew; at the boundary it ends once", async () => {
    const user = await seedUser({ emailVerifiedAt: new Date() });
    const { url } = await startCheckout({ purpose: "booking", userId: user.id, planId: "business" });
    await payLocalCheckout(/(cs_local_[0-9a-f]+)$/.exec(url)![1]!, user.id);
    const booked = await db.userPaymentOption.findFirstOrThrow({ where: { userId: user.id } });
    const start = booked.periodStart!;
    const end = booked.periodEnd!;
    await db.userPaymentOption.update({ where: { id: booked.id }, data: { grandfatheredUntil: new Date(start.getTime() + 10 * DAY) } });

    // Two days after the end date, inside the paid period: the plan keeps running, quota and API
    // access stay; the provider (the local checkout) is told to end the subscription with the period.
    const inside = new Date(start.getTime() + 12 * DAY);
    const first = await expireGrandfathering({ now: inside, cancelSubscription: refuse("ended at once") });
    expect(first).toMatchObject({
      expired: 0,
      mails: 0,
      subscriptionsEnded: [],
      subscriptionsEndingAtPeriodEnd: [booked.stripeSubscriptionId],
      subscriptionsFailed: [],
    });
    expect(await agreement(booked.id)).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      grandfatheringExpiredAt: null,
      grandfatheringEndScheduledAt: inside,
      periodEnd: end,
    });
    expect((await quotaStatus(db, user.id, inside)).limit).toBe(10);
    // The provider's answer is mirrored: the next run does not ask again.
    const second = await expireGrandfathering({
      now: new Date(inside.getTime() + DAY),
      cancelSubscription: refuse("ended at once"),
      cancelSubscriptionAtPeriodEnd: refuse("asked again"),
    });
    expect(second).toMatchObject({ expired: 0, subscriptionsEndingAtPeriodEnd: [], subscriptionsFailed: [] });
    expect(await mailsTo(user.email)).toBe(0);

    // After the period: two runs at once end it once, with one mail.
    const after = new Date(end.getTime() + 3_600_000);
    const runs = await Promise.all([1, 2].map(() => expireGrandfathering({ now: after })));
    expect(runs.reduce((n, r) => n + r.expired, 0)).toBe(1);
    expect((await agreement(booked.id)).status).toBe("cancelled");
    expect((await agreement(booked.id)).grandfatheringExpiredAt).toEqual(after);
    expect(await mailsTo(user.email)).toBe(1);
    expect(await expiredEntries(booked.id)).toBe(1);
  });

  it("a card subscription the provider ended at the boundary: the terms are marked expired and mailed once, nothing is cancelled again; a withdrawal is left alone", async () => {
    const user = await seedUser();
    const withdrew = await seedUser();
    const withdrawn = await db.userPaymentOption.create({
      data: {
        userId: withdrew.id,
        provider: "stripe",
        plan: "business",
        priceCents: 12900,
        stripeSubscriptionId: `sub_withdrawn_${withdrew.id}`,
        status: "cancelled",
        cancelAtPeriodEnd: false,
        cancelledAt: berlin("2026-05-10"),
        periodStart: berlin("2026-05-01"),
        periodEnd: berlin("2026-06-01"),
        grandfatheredUntil: berlin("2026-05-20"),
      },
    });
    const cancelledAt = berlin("2026-06-01");
    const card = await db.userPaymentOption.create({
      data: {
        userId: user.id,
        provider: "stripe",
        plan: "business",
        priceCents: 12900,
        stripeSubscriptionId: `sub_ended_${user.id}`,
        status: "cancelled",
        cancelAtPeriodEnd: true,
        cancelledAt,
        periodStart: berlin("2026-05-01"),
        periodEnd: berlin("2026-06-01"),
        grandfatheredUntil: berlin("2026-05-20"),
        grandfatheringEndScheduledAt: berlin("2026-05-21"),
      },
    });
    const none = { cancelSubscription: refuse("ended at once"), cancelSubscriptionAtPeriodEnd: refuse("told not to renew") };
    const runs = await Promise.all([1, 2].map(() => expireGrandfathering({ now: expireAt("2026-06-02"), ...none })));
    expect(runs.reduce((n, r) => n + r.expired, 0)).toBe(1);
    expect(runs.flatMap((r) => r.subscriptionsFailed)).toEqual([]);
    expect(await agreement(card.id)).toMatchObject({ status: "cancelled", cancelledAt, grandfatheringExpiredAt: expireAt("2026-06-02") });
    expect(await mailsTo(user.email)).toBe(1);
    expect((await agreement(withdrawn.id)).grandfatheringExpiredAt).toBeNull();
    expect(await mailsTo(withdrew.email)).toBe(0);
  });
});
