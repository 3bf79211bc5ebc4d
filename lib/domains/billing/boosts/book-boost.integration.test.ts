import { describe, expect, it } from "vitest";
import { BOOST_TIERS } from "@/lib/domains/prices/catalog";
import { portalTag } from "@/lib/domains/sites/public-tags";
import { db } from "@/lib/core/db/client";
import { BoostSoldOutError, InsufficientCreditsError } from "@/lib/core/errors/errors";
import { BOOST_SLOTS } from "@/lib/domains/billing/boosts/boosted-releases";
import { addMember, balanceOf, days, ownNow, seedBuyer, seedCategory, seedPublished, seedRunningBoost } from "@/tests/boost-fixtures";
import { bookBoost } from "./book-boost";

type Settled = PromiseSettledResult<{ boostId: number; endsAt: Date }>;
const rejected = (results: Settled[]) =>
  results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as unknown);

/** What a refused booking must leave alone: boosts, ledger, balance and activity of the newsroom. */
async function footprint(companyId: number, releaseId: number) {
  const [boosts, ledger, balance, booked] = await Promise.all([
    db.boost.count({ where: { OR: [{ companyId }, { pressReleaseId: releaseId }] } }),
    db.creditTransaction.count({ where: { companyId } }),
    balanceOf(companyId),
    db.activityLog.count({ where: { type: "boost.booked", subjectId: String(releaseId) } }),
  ]);
  return { boosts, ledger, balance, booked };
}

describe("booking a boost", () => {
  it("sells the last free home slot to exactly one of ten buyers at once", async () => {
    const now = ownNow();
    expect(BOOST_SLOTS.home).toBe(5);
    const taken = [days(now, 4), days(now, 1), days(now, 6), days(now, 2)];
    for (const endsAt of taken) await seedRunningBoost({ portal: "tech", now, endsAt });
    // Another portal's and a cancelled boost occupy nothing here.
    await seedRunningBoost({ portal: "business", now, endsAt: days(now, 1) });
    const cancelled = await seedRunningBoost({ portal: "tech", now, endsAt: days(now, 1) });
    await db.boost.update({ where: { id: cancelled.id }, data: { cancelledAt: now } });

    const buyers = await Promise.all(Array.from({ length: 10 }, () => seedBuyer({ portal: "tech", credits: 40 })));
    const results = await Promise.allSettled(
      buyers.map((b) => bookBoost({ userId: b.owner.id, releaseId: b.release.id, placement: "home", tier: 1, now })),
    );

    const won = results.flatMap((r, i) => (r.status === "fulfilled" ? [{ buyer: buyers[i]!, value: r.value }] : []));
    expect(won).toHaveLength(1);
    const losers = rejected(results);
    expect(losers).toHaveLength(9);
    for (const err of losers) {
      expect(err).toBeInstanceOf(BoostSoldOutError);
      expect(err).toMatchObject({ code: "boost_sold_out", status: 409, details: { earliestFreeDate: days(now, 1).toISOString() } });
    }

    const winner = won[0]!;
    expect(winner.value.endsAt).toEqual(days(now, BOOST_TIERS[1].days));
    const boost = await db.boost.findUniqueOrThrow({ where: { id: winner.value.boostId } });
    expect(boost).toMatchObject({
      companyId: winner.buyer.company.id,
      pressReleaseId: winner.buyer.release.id,
      portal: "tech",
      placement: "home",
      categoryId: null,
      tier: 1,
      priceCredits: 12,
      startsAt: now,
      cancelledAt: null,
    });
    for (const b of buyers) {
      const isWinner = b === winner.buyer;
      expect(await balanceOf(b.company.id)).toBe(isWinner ? 28 : 40);
      expect(await db.creditTransaction.findMany({ where: { companyId: b.company.id }, select: { delta: true, reference: true } })).toEqual(
        isWinner ? [{ delta: -12, reference: `boost:${boost.id}` }] : [],
      );
    }
    expect(
      await db.boost.count({
        where: { portal: "tech", placement: "home", cancelledAt: null, endsAt: { gt: now }, startsAt: { lte: now } },
      }),
    ).toBe(5);
  });

  it("allows three boosts per category page, each category page counted on its own", async () => {
    const now = ownNow();
    const energy = await seedCategory("business");
    const health = await seedCategory("business");
    await seedRunningBoost({ portal: "business", placement: "category", categoryId: energy.id, now, endsAt: days(now, 5) });
    // Home boosts and other categories do not take category slots.
    await seedRunningBoost({ portal: "business", placement: "category", categoryId: health.id, now, endsAt: days(now, 1) });
    await seedRunningBoost({ portal: "business", placement: "home", now, endsAt: days(now, 1) });

    const buyers = await Promise.all(Array.from({ length: 4 }, () => seedBuyer({ portal: "business", categoryId: energy.id })));
    const results = await Promise.allSettled(
      buyers.map((b) => bookBoost({ userId: b.owner.id, releaseId: b.release.id, placement: "category", tier: 2, now })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(BOOST_SLOTS.category - 1);
    // The earliest end among the three running now: the two just booked end after 7 days.
    const soldOut = expect.objectContaining({ code: "boost_sold_out", details: { earliestFreeDate: days(now, 5).toISOString() } });
    expect(rejected(results)).toEqual([soldOut, soldOut]);
    const rows = await db.boost.findMany({
      where: { categoryId: energy.id, startsAt: now },
      select: { placement: true, portal: true, priceCredits: true },
    });
    expect(rows).toEqual(Array.from({ length: 2 }, () => ({ placement: "category", portal: "business", priceCredits: 10 })));

    // Once the first slot frees, the next buyer gets it.
    const late = buyers.find((_, i) => results[i]!.status === "rejected")!;
    await expect(
      bookBoost({ userId: late.owner.id, releaseId: late.release.id, placement: "category", tier: 1, now: days(now, 5) }),
    ).resolves.toMatchObject({ endsAt: days(now, 8) });
  });

  it("charges the catalog price of each tier and placement for the tier's days", async () => {
    const now = ownNow();
    const category = await seedCategory("tech");
    const { owner, company } = await seedBuyer({ portal: "tech", credits: 200, categoryId: category.id });
    let expected = 200;
    for (const tier of [1, 2, 3] as const) {
      for (const placement of ["home", "category"] as const) {
        const release = await seedPublished(company.id, "tech", { categoryId: category.id });
        // Category pages: three slots, so each tier books at a time of its own.
        const at = days(now, tier * 20);
        const { boostId, endsAt } = await bookBoost({ userId: owner.id, releaseId: release.id, placement, tier, now: at });
        const price = BOOST_TIERS[tier].credits[placement];
        expected -= price;
        expect(endsAt).toEqual(days(at, BOOST_TIERS[tier].days));
        expect(await db.boost.findUniqueOrThrow({ where: { id: boostId } })).toMatchObject({
          tier,
          placement,
          priceCredits: price,
          startsAt: at,
          endsAt,
          categoryId: placement === "category" ? category.id : null,
        });
        expect(await balanceOf(company.id)).toBe(expected);
      }
    }
    expect(200 - expected).toBe(12 + 6 + 20 + 10 + 35 + 18);
  });

  it("writes the ledger row, the activity entries and the portal's cache invalidation with the boost", async () => {
    const now = ownNow();
    const { owner, company, release } = await seedBuyer({ portal: "business", credits: 20 });
    const before = await db.publicCacheInvalidation.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
    const { boostId } = await bookBoost({ userId: owner.id, releaseId: release.id, placement: "home", tier: 2, now });
    expect(
      await db.creditTransaction.findMany({
        where: { companyId: company.id },
        select: { delta: true, reference: true, actorUserId: true },
      }),
    ).toEqual([{ delta: -20, reference: `boost:${boostId}`, actorUserId: owner.id }]);
    expect(
      await db.activityLog.findMany({
        where: { type: "boost.booked", subjectId: String(release.id) },
        select: { actorUserId: true, result: true, subjectType: true },
      }),
    ).toEqual([{ actorUserId: owner.id, result: "home", subjectType: "press_release" }]);
    expect(await db.activityLog.count({ where: { type: "credits.spent", subjectId: String(company.id) } })).toBe(1);
    const invalidations = await db.publicCacheInvalidation.findMany({ where: { id: { gt: before?.id ?? 0n } }, select: { tags: true } });
    expect(invalidations.map((i) => i.tags)).toContainEqual([portalTag("business")]);
  });

  it("refuses a second running boost of one release on the same placement, also when both come at once", async () => {
    const now = ownNow();
    const category = await seedCategory("tech");
    const { owner, company, release } = await seedBuyer({ portal: "tech", credits: 200, categoryId: category.id });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => bookBoost({ userId: owner.id, releaseId: release.id, placement: "home", tier: 1, now })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const err of rejected(results))
      expect(err).toMatchObject({
        code: "conflict",
        status: 409,
        message: expect.stringContaining("bereits einen laufenden Boost auf der Startseite"),
      });
    expect(await balanceOf(company.id)).toBe(188);
    // The other placement is a boost of its own; after the home boost ends, home is open again.
    await expect(bookBoost({ userId: owner.id, releaseId: release.id, placement: "category", tier: 1, now })).resolves.toBeTruthy();
    await expect(
      bookBoost({ userId: owner.id, releaseId: release.id, placement: "home", tier: 1, now: days(now, 3) }),
    ).resolves.toBeTruthy();
    expect(await balanceOf(company.id)).toBe(200 - 12 - 6 - 12);
  });

  it("leaves everything unchanged when the credits are short", async () => {
    const now = ownNow();
    const { owner, company, release } = await seedBuyer({ portal: "business", credits: 11 });
    const before = await footprint(company.id, release.id);
    const attempt = bookBoost({ userId: owner.id, releaseId: release.id, placement: "home", tier: 1, now });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(attempt).rejects.toMatchObject({ code: "insufficient_credits", details: { needed: 12, balance: 11 } });
    expect(await footprint(company.id, release.id)).toEqual(before);
    expect(before).toMatchObject({ boosts: 0, ledger: 0, balance: 11, booked: 0 });
  });

  it("refuses outsiders, members without the edit ability and unknown ids, writing nothing", async () => {
    const now = ownNow();
    const victim = await seedBuyer({ portal: "business", credits: 100 });
    const attacker = await seedBuyer({ portal: "business", credits: 100 });
    const before = {
      victim: await footprint(victim.company.id, victim.release.id),
      attacker: await footprint(attacker.company.id, attacker.release.id),
    };

    // Another newsroom's owner, with credits of their own: the release is "not found" to them.
    await expect(
      bookBoost({ userId: attacker.owner.id, releaseId: victim.release.id, placement: "home", tier: 1, now }),
    ).rejects.toMatchObject({ code: "not_found", status: 404 });
    // A plain member of the newsroom may write releases but not spend its credits.
    const member = await addMember(victim.company.id, "member");
    await expect(bookBoost({ userId: member.id, releaseId: victim.release.id, placement: "home", tier: 1, now })).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
    for (const releaseId of [0, -1, 2_147_483_648, 1.5, 2_000_000_000]) {
      await expect(bookBoost({ userId: attacker.owner.id, releaseId, placement: "home", tier: 1, now })).rejects.toMatchObject({
        code: "not_found",
      });
    }
    // Forged choices never reach the database.
    await expect(
      bookBoost({ userId: victim.owner.id, releaseId: victim.release.id, placement: "sidebar" as "home", tier: 1, now }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      bookBoost({ userId: victim.owner.id, releaseId: victim.release.id, placement: "home", tier: 4 as 1, now }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    expect({
      victim: await footprint(victim.company.id, victim.release.id),
      attacker: await footprint(attacker.company.id, attacker.release.id),
    }).toEqual(before);

    // The responsible press contact may boost.
    const responsible = await addMember(victim.company.id, "responsible");
    await expect(
      bookBoost({ userId: responsible.id, releaseId: victim.release.id, placement: "home", tier: 1, now }),
    ).resolves.toBeTruthy();
    expect(await balanceOf(victim.company.id)).toBe(88);
  });

  it("sells boosts only for releases visible in the archive, and category boosts only with an active category", async () => {
    const now = ownNow();
    const { owner, company } = await seedBuyer({ portal: "tech", credits: 100 });
    const refused = [
      await seedPublished(company.id, "tech", { status: "draft", publishedAt: null }),
      await seedPublished(company.id, "tech", { status: "in_review", publishedAt: null }),
      await seedPublished(company.id, "tech", { noExport: true }),
      await seedPublished(company.id, "tech", { goneAt: now, noExport: true }),
      await seedPublished(company.id, "tech", { publishedAt: days(now, 1) }),
    ];
    for (const release of refused) {
      await expect(bookBoost({ userId: owner.id, releaseId: release.id, placement: "home", tier: 1, now })).rejects.toMatchObject({
        code: "conflict",
        message: expect.stringContaining("veröffentlichte"),
      });
    }
    const deleted = await seedPublished(company.id, "tech", { deletedAt: now });
    await expect(bookBoost({ userId: owner.id, releaseId: deleted.id, placement: "home", tier: 1, now })).rejects.toMatchObject({
      code: "not_found",
    });

    const uncategorised = await seedPublished(company.id, "tech");
    await expect(bookBoost({ userId: owner.id, releaseId: uncategorised.id, placement: "category", tier: 1, now })).rejects.toMatchObject({
      code: "validation_failed",
      status: 422,
      issues: [{ path: "placement" }],
    });
    const inactive = await seedCategory("tech", { isActive: false });
    const inInactive = await seedPublished(company.id, "tech", { categoryId: inactive.id });
    await expect(bookBoost({ userId: owner.id, releaseId: inInactive.id, placement: "category", tier: 1, now })).rejects.toMatchObject({
      code: "validation_failed",
    });

    expect(await balanceOf(company.id)).toBe(100);
    expect(await db.boost.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("books inside a caller's transaction, which a rollback undoes entirely", async () => {
    const now = ownNow();
    const { owner, company, release } = await seedBuyer({ portal: "business", credits: 50 });
    await expect(
      db.$transaction(async (tx) => {
        await bookBoost({ userId: owner.id, releaseId: release.id, placement: "home", tier: 1, now }, tx);
        throw new Error("the webhook failed afterwards");
      }),
    ).rejects.toThrow("the webhook failed");
    expect(await footprint(company.id, release.id)).toEqual({ boosts: 0, ledger: 0, balance: 50, booked: 0 });
  });
});
