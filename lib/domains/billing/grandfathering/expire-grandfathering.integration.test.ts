import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedUser } from "@/tests/factories";
import { expireGrandfathering } from "./expire-grandfathering";

// Spec 3.1, "Agreement active with grandfathered_until -> cancelled": the daily expire command
// ends agreements whose next period begins after the end date, per customer in a transaction,
// with one GrandfatheringExpired mail per customer. Seeded periods ended on 1 June, before `now`
// (the boundary was reached; grandfathering-boundary.integration.test.ts covers the period
// before it). Every run in this file uses the same `now`, so what an earlier test left behind
// never qualifies later.

const NOW = new Date("2026-06-10T02:15:00Z");
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

function seedAgreement(userId: number, data: Partial<Prisma.UserPaymentOptionUncheckedCreateInput> = {}) {
  return db.userPaymentOption.create({
    data: {
      userId,
      provider: "manual",
      plan: "business",
      priceCents: 12900,
      periodStart: day("2026-05-01"),
      periodEnd: day("2026-06-01"),
      ...data,
    },
  });
}

const mailsTo = (email: string) => db.mailOutbox.count({ where: { to: email, mailType: "grandfathering_expired" } });
const noProvider = async () => {
  throw new Error("no card subscription expected");
};

describe("expireGrandfathering", () => {
  it("cancels both agreements of a customer with exactly one mail, and a second run does nothing", async () => {
    const user = await seedUser();
    const a = await seedAgreement(user.id, { grandfatheredUntil: day("2026-05-15") });
    const b = await seedAgreement(user.id, { grandfatheredUntil: day("2026-05-20"), plan: "Altvertrag Premium" });

    const first = await expireGrandfathering({ now: NOW, cancelSubscription: noProvider });
    expect(first).toMatchObject({ customers: 1, expired: 2, mails: 1, failed: 0 });
    for (const id of [a.id, b.id]) {
      expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: "cancelled",
        cancelledAt: NOW,
        grandfatheringExpiredAt: NOW,
        grandfatheringNotifiedAt: NOW,
      });
    }
    expect(await mailsTo(user.email)).toBe(1);
    const entries = await db.activityLog.findMany({
      where: { type: "agreement.grandfathering_expired", subjectId: { in: [String(a.id), String(b.id)] } },
    });
    expect(entries.map((e) => [e.subjectId, e.actorUserId, e.result]).sort()).toEqual(
      [
        [String(a.id), null, "cancelled"],
        [String(b.id), null, "cancelled"],
      ].sort(),
    );

    const again = await expireGrandfathering({ now: NOW, cancelSubscription: noProvider });
    expect(again).toMatchObject({ customers: 0, expired: 0, mails: 0, failed: 0 });
    expect(await mailsTo(user.email)).toBe(1);
  });

  it("ends an agreement only when its next period has begun after the end date, or, never billed, the date has passed", async () => {
    const user = await seedUser();
    const cases = {
      // Next period began 1 June, after 31 May: ends now.
      nextAfterEnd: await seedAgreement(user.id, { grandfatheredUntil: day("2026-05-31") }),
      // Next period began 1 June, the terms hold through it: stays.
      nextOnEnd: await seedAgreement(user.id, { grandfatheredUntil: day("2026-06-01") }),
      // Never billed, the end date passed: ends.
      noPeriodPast: await seedAgreement(user.id, { grandfatheredUntil: day("2026-06-09"), periodStart: null, periodEnd: null }),
      // Never billed, the end date ahead: stays.
      noPeriodAhead: await seedAgreement(user.id, { grandfatheredUntil: day("2026-06-11"), periodStart: null, periodEnd: null }),
      notGrandfathered: await seedAgreement(user.id, { grandfatheredUntil: null }),
      pastDue: await seedAgreement(user.id, { grandfatheredUntil: day("2026-01-01"), status: "past_due" }),
    };
    const r = await expireGrandfathering({ now: NOW, cancelSubscription: noProvider });
    expect(r).toMatchObject({ customers: 1, expired: 2, mails: 1 });
    const status = async (id: number) => (await db.userPaymentOption.findUniqueOrThrow({ where: { id } })).status;
    expect({
      nextAfterEnd: await status(cases.nextAfterEnd.id),
      nextOnEnd: await status(cases.nextOnEnd.id),
      noPeriodPast: await status(cases.noPeriodPast.id),
      noPeriodAhead: await status(cases.noPeriodAhead.id),
      notGrandfathered: await status(cases.notGrandfathered.id),
      pastDue: await status(cases.pastDue.id),
    }).toEqual({
      nextAfterEnd: "cancelled",
      nextOnEnd: "active",
      noPeriodPast: "cancelled",
      noPeriodAhead: "active",
      notGrandfathered: "active",
      pastDue: "past_due",
    });
  });

  it("never mails a customer twice: an agreement notified before means no new mail", async () => {
    const user = await seedUser();
    await seedAgreement(user.id, {
      status: "cancelled",
      grandfatheredUntil: day("2026-01-01"),
      grandfatheringExpiredAt: day("2026-01-02"),
      grandfatheringNotifiedAt: day("2026-01-02"),
    });
    const later = await seedAgreement(user.id, { grandfatheredUntil: day("2026-05-15") });
    const r = await expireGrandfathering({ now: NOW, cancelSubscription: noProvider });
    expect(r).toMatchObject({ expired: 1, mails: 0 });
    expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id: later.id } })).toMatchObject({
      status: "cancelled",
      grandfatheringNotifiedAt: null,
    });
    expect(await mailsTo(user.email)).toBe(0);
  });

  it("ends a card agreement's subscription at the provider after the commit; a refusal is reported, the agreement stays ended", async () => {
    const ok = await seedUser();
    const refused = await seedUser();
    const subOk = `sub_${ok.id}_ok`;
    const subRefused = `sub_${refused.id}_refused`;
    const okAgreement = await seedAgreement(ok.id, {
      provider: "stripe",
      stripeSubscriptionId: subOk,
      grandfatheredUntil: day("2026-05-15"),
    });
    const refusedAgreement = await seedAgreement(refused.id, {
      provider: "stripe",
      stripeSubscriptionId: subRefused,
      grandfatheredUntil: day("2026-05-15"),
    });
    const called: { id: string; committed: boolean }[] = [];
    const r = await expireGrandfathering({
      now: NOW,
      cancelSubscription: async (id) => {
        // Called after the commit: the cancellation is already visible outside the transaction.
        const row = await db.userPaymentOption.findFirstOrThrow({ where: { stripeSubscriptionId: id } });
        called.push({ id, committed: row.status === "cancelled" });
        if (id === subRefused) throw new Error("provider unavailable");
      },
    });
    expect(called.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [
        { id: subOk, committed: true },
        { id: subRefused, committed: true },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect(r.subscriptionsEnded).toEqual([subOk]);
    expect(r.subscriptionsFailed).toEqual([{ subscriptionId: subRefused, error: "provider unavailable" }]);
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: refusedAgreement.id } })).status).toBe("cancelled");
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: okAgreement.id } })).status).toBe("cancelled");
    expect(
      await db.activityLog.count({ where: { type: "agreement.provider_cancel_failed", subjectId: String(refusedAgreement.id) } }),
    ).toBe(1);
  });

  it("three runs at once end each agreement once and mail each customer once", async () => {
    const users = await Promise.all([seedUser(), seedUser(), seedUser()]);
    const agreements = [];
    for (const u of users) {
      agreements.push(
        await seedAgreement(u.id, { grandfatheredUntil: day("2026-05-15") }),
        await seedAgreement(u.id, { grandfatheredUntil: day("2026-06-05"), periodEnd: null, periodStart: null }),
      );
    }
    const runs = await Promise.allSettled([1, 2, 3].map(() => expireGrandfathering({ now: NOW, cancelSubscription: noProvider })));
    const values = runs.map((r) => (r.status === "fulfilled" ? r.value : null));
    expect(values.every((v) => v && v.failed === 0)).toBe(true);
    expect(values.reduce((n, v) => n + v!.expired, 0)).toBe(agreements.length);
    expect(values.reduce((n, v) => n + v!.mails, 0)).toBe(users.length);
    for (const u of users) expect(await mailsTo(u.email)).toBe(1);
    expect(
      await db.activityLog.count({
        where: { type: "agreement.grandfathering_expired", subjectId: { in: agreements.map((a) => String(a.id)) } },
      }),
    ).toBe(agreements.length);
  });

  it("a failing customer is counted and the others are still ended; the next run finishes it", async () => {
    const broken = await seedUser();
    const fine = await seedUser();
    const brokenAgreement = await seedAgreement(broken.id, { grandfatheredUntil: day("2026-05-15") });
    const fineAgreement = await seedAgreement(fine.id, { grandfatheredUntil: day("2026-05-15") });
    await db.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION test_refuse_agreement_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_agreement_update BEFORE UPDATE ON user_payment_options FOR EACH ROW WHEN (NEW.user_id = ${broken.id}) EXECUTE FUNCTION test_refuse_agreement_update()`,
    );
    try {
      const r = await expireGrandfathering({ now: NOW, cancelSubscription: noProvider });
      expect(r).toMatchObject({ customers: 1, expired: 1, failed: 1 });
      expect(r.failures).toEqual([{ userId: broken.id, error: expect.stringContaining("disk full") }]);
      expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: fineAgreement.id } })).status).toBe("cancelled");
      // The failed customer's transaction left nothing behind: no mail, no activity, still active.
      expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: brokenAgreement.id } })).status).toBe("active");
      expect(await mailsTo(broken.email)).toBe(0);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER test_refuse_agreement_update ON user_payment_options`);
    }
    const retry = await expireGrandfathering({ now: NOW, cancelSubscription: noProvider });
    expect(retry).toMatchObject({ customers: 1, expired: 1, mails: 1, failed: 0 });
    expect(await mailsTo(broken.email)).toBe(1);
  });

  it("pages through the customers without skipping any", async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => seedUser()));
    for (const u of users) await seedAgreement(u.id, { grandfatheredUntil: day("2026-05-15") });
    const r = await expireGrandfathering({ now: NOW, pageSize: 2, cancelSubscription: noProvider });
    expect(r).toMatchObject({ customers: 7, expired: 7, mails: 7, failed: 0 });
  });
});
