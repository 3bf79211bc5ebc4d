import { describe, expect, it } from "vitest";
import { berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedUser } from "@/tests/factories";
import { RENEWAL_NOT_STOPPED } from "./end-provider-subscriptions";
import { expireGrandfathering } from "./expire-grandfathering";

// Card subscriptions at the end of their previous terms (spec 3.1): who ended them decides what
// the expire run does. It told the provider not to renew (recorded on the agreement), or the
// customer gave notice; the provider's deletion event may come late; the provider may refuse.

const berlin = (d: string) => berlinStartOfDay(d)!;
const expireAt = (day: string) => new Date(`${day}T02:15:00Z`);
const agreement = (id: number) => db.userPaymentOption.findUniqueOrThrow({ where: { id } });
const mailsTo = (email: string) => db.mailOutbox.count({ where: { to: email, mailType: "grandfathering_expired" } });
const refuse = (what: string) => async (id: string) => {
  throw new Error(`${what} ${id}: not expected`);
};
const none = { cancelSubscription: refuse("ended at once"), cancelSubscriptionAtPeriodEnd: refuse("told not to renew") };

/** A card agreement whose paid period May 2026 contains the end date 20 May. */
function seedCard(userId: number, data: Partial<Prisma.UserPaymentOptionUncheckedCreateInput> = {}) {
  return db.userPaymentOption.create({
    data: {
      userId,
      provider: "stripe",
      plan: "business",
      priceCents: 12900,
      monthlyReleaseQuota: 10,
      stripeSubscriptionId: `sub_${userId}_${Math.random().toString(36).slice(2)}`,
      periodStart: berlin("2026-05-01"),
      periodEnd: berlin("2026-06-01"),
      grandfatheredUntil: berlin("2026-05-20"),
      ...data,
    },
  });
}

describe("the end of a card subscription's previous terms", () => {
  it("the provider ended it at our request but its deletion event is late: ended as of its period end, not cancelled at the provider again, one mail", async () => {
    const user = await seedUser();
    const card = await seedCard(user.id, { cancelAtPeriodEnd: true, grandfatheringEndScheduledAt: berlin("2026-05-21") });
    const now = expireAt("2026-06-02");
    const r = await expireGrandfathering({ now, ...none });
    expect(r).toMatchObject({ expired: 1, mails: 1, failed: 0, subscriptionsEnded: [], subscriptionsFailed: [], renewalsNotStopped: [] });
    expect(await agreement(card.id)).toMatchObject({
      status: "cancelled",
      cancelledAt: berlin("2026-06-01"),
      grandfatheringExpiredAt: now,
    });
    expect(await mailsTo(user.email)).toBe(1);
    const [entry] = await db.activityLog.findMany({ where: { type: "agreement.grandfathering_expired", subjectId: String(card.id) } });
    expect(entry?.result).toBe("ended_at_provider");
  });

  it("a customer who gave notice in the last period gets no GrandfatheringExpired mail, whether the deletion event came or not", async () => {
    const [ended, late] = [await seedUser(), await seedUser()];
    // The provider's deletion event arrived: the grandfathering has nothing left to end.
    const endedCard = await seedCard(ended.id, {
      cancelAtPeriodEnd: true,
      status: "cancelled",
      cancelledAt: berlin("2026-06-01"),
      cancellationRequestedAt: berlin("2026-05-25"),
    });
    // Its deletion event is late: the agreement ends as the provider ended it, quietly.
    const lateCard = await seedCard(late.id, { cancelAtPeriodEnd: true, cancellationRequestedAt: berlin("2026-05-25") });
    const now = expireAt("2026-06-02");
    const r = await expireGrandfathering({ now, ...none });
    expect(r).toMatchObject({ expired: 1, mails: 0, failed: 0, subscriptionsFailed: [] });
    expect(await agreement(endedCard.id)).toMatchObject({ status: "cancelled", grandfatheringExpiredAt: null });
    expect(await agreement(lateCard.id)).toMatchObject({
      status: "cancelled",
      cancelledAt: berlin("2026-06-01"),
      grandfatheringExpiredAt: now,
    });
    expect(await mailsTo(ended.email)).toBe(0);
    expect(await mailsTo(late.email)).toBe(0);
  });

  it("a manual agreement the customer gave notice for ends at the boundary without the mail", async () => {
    const user = await seedUser();
    const manual = await db.userPaymentOption.create({
      data: {
        userId: user.id,
        provider: "manual",
        plan: "business",
        priceCents: 12900,
        periodStart: berlin("2026-05-01"),
        periodEnd: berlin("2026-06-01"),
        grandfatheredUntil: berlin("2026-05-20"),
        cancelAtPeriodEnd: true,
      },
    });
    expect(await expireGrandfathering({ now: expireAt("2026-06-02"), ...none })).toMatchObject({ expired: 1, mails: 0 });
    expect((await agreement(manual.id)).status).toBe("cancelled");
    expect(await mailsTo(user.email)).toBe(0);
  });

  it("the provider refuses to stop the renewal: reported apart from subscriptions not ended, logged as such, asked again by the next run; an answer is recorded on the agreement", async () => {
    const user = await seedUser();
    const card = await seedCard(user.id);
    const inside = expireAt("2026-05-25");
    const r = await expireGrandfathering({
      now: inside,
      cancelSubscription: refuse("ended at once"),
      cancelSubscriptionAtPeriodEnd: async () => {
        throw new Error("provider unavailable");
      },
    });
    expect(r).toMatchObject({
      expired: 0,
      subscriptionsFailed: [],
      subscriptionsEndingAtPeriodEnd: [],
      renewalsNotStopped: [{ subscriptionId: card.stripeSubscriptionId, error: "provider unavailable" }],
    });
    const entries = await db.activityLog.findMany({ where: { subjectType: "agreement", subjectId: String(card.id) } });
    expect(entries.map((e) => [e.type, e.reason])).toEqual([["agreement.provider_renewal_not_stopped", RENEWAL_NOT_STOPPED]]);
    expect(await agreement(card.id)).toMatchObject({ status: "active", grandfatheringEndScheduledAt: null });

    const asked: string[] = [];
    const next = await expireGrandfathering({
      now: expireAt("2026-05-26"),
      cancelSubscription: refuse("ended at once"),
      cancelSubscriptionAtPeriodEnd: async (id) => void asked.push(id),
    });
    expect(asked).toEqual([card.stripeSubscriptionId]);
    expect(next.subscriptionsEndingAtPeriodEnd).toEqual([card.stripeSubscriptionId]);
    expect((await agreement(card.id)).grandfatheringEndScheduledAt).toEqual(expireAt("2026-05-26"));
  });
});
