import { describe, expect, it } from "vitest";
import { berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedUser } from "@/tests/factories";
import { grandfatherSubscriptions } from "./grandfather-subscriptions";

const NOW = new Date("2026-05-10T10:00:00Z");

function seedAgreement(userId: number, data: Partial<Prisma.UserPaymentOptionUncheckedCreateInput> = {}) {
  return db.userPaymentOption.create({
    data: {
      userId,
      provider: "manual",
      plan: "Altvertrag",
      priceCents: 9900,
      periodStart: berlinStartOfDay("2026-05-01"),
      periodEnd: berlinStartOfDay("2026-06-01"),
      ...data,
    },
  });
}

describe("grandfatherSubscriptions", () => {
  it("gives legacy manual agreements period end + 12 months, leaves the rest, and a dry run changes nothing", async () => {
    const user = await seedUser();
    const legacy = await seedAgreement(user.id);
    const neverBilled = await seedAgreement(user.id, { periodStart: null, periodEnd: null });
    const alreadySet = await seedAgreement(user.id, { grandfatheredUntil: berlinStartOfDay("2026-12-01") });
    const card = await seedAgreement(user.id, { provider: "stripe" });
    const ended = await seedAgreement(user.id, { status: "cancelled" });

    const dry = await grandfatherSubscriptions({ dryRun: true, now: NOW, pageSize: 2 });
    const planned = dry.agreements.filter((a) => a.userId === user.id);
    expect(planned).toEqual([
      { agreementId: legacy.id, userId: user.id, grandfatheredUntil: berlinStartOfDay("2027-06-01") },
      { agreementId: neverBilled.id, userId: user.id, grandfatheredUntil: new Date("2027-05-10T10:00:00Z") },
    ]);
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: legacy.id } })).grandfatheredUntil).toBeNull();

    const run = await grandfatherSubscriptions({ now: NOW, pageSize: 2 });
    expect(run.agreements.filter((a) => a.userId === user.id)).toEqual(planned);
    const until = async (id: number) => (await db.userPaymentOption.findUniqueOrThrow({ where: { id } })).grandfatheredUntil;
    expect(await until(legacy.id)).toEqual(berlinStartOfDay("2027-06-01"));
    expect(await until(alreadySet.id)).toEqual(berlinStartOfDay("2026-12-01"));
    expect(await until(card.id)).toBeNull();
    expect(await until(ended.id)).toBeNull();
    expect(
      await db.activityLog.count({
        where: { type: "agreement.grandfathered", subjectId: { in: [String(legacy.id), String(neverBilled.id)] } },
      }),
    ).toBe(2);

    expect((await grandfatherSubscriptions({ now: NOW })).agreements).toEqual([]);
  });

  it("sets an explicit date for all; two runs at once set each agreement once", async () => {
    const user = await seedUser();
    const rows = await Promise.all([1, 2, 3].map(() => seedAgreement(user.id)));
    const until = berlinStartOfDay("2027-01-01")!;
    const runs = await Promise.allSettled([grandfatherSubscriptions({ until, now: NOW }), grandfatherSubscriptions({ until, now: NOW })]);
    const set = runs.flatMap((r) => (r.status === "fulfilled" ? r.value.agreements : []));
    expect(runs.every((r) => r.status === "fulfilled")).toBe(true);
    expect(set.map((a) => a.agreementId).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const r of rows) expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: r.id } })).grandfatheredUntil).toEqual(until);
    expect(
      await db.activityLog.count({ where: { type: "agreement.grandfathered", subjectId: { in: rows.map((r) => String(r.id)) } } }),
    ).toBe(3);
  });
});
