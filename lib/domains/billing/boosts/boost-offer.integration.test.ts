import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { addMember, days, ownNow, seedBuyer, seedCategory, seedPublished, seedRunningBoost } from "@/tests/boost-fixtures";
import { bookBoost } from "./book-boost";
import { boostOffer, listCompanyBoosts } from "./boost-offer";

describe("the boost offer", () => {
  it("lists both placements with the catalog tiers, the balance and free slots", async () => {
    const now = ownNow();
    const category = await seedCategory("business", { nameDe: "Energie" });
    const { owner, company, release } = await seedBuyer({ portal: "business", credits: 17, categoryId: category.id });
    const offer = await boostOffer({ userId: owner.id, releaseId: release.id, now });
    expect(offer).toMatchObject({
      releaseId: release.id,
      companyId: company.id,
      portal: "business",
      isVisible: true,
      canBook: true,
      canBuyCredits: true,
      balance: 17,
      boosts: [],
    });
    expect(offer.placements).toEqual([
      {
        placement: "home",
        isAvailable: true,
        categoryName: null,
        hasFreeSlot: true,
        earliestFreeAt: null,
        runningUntil: null,
        tiers: [
          { tier: 1, days: 3, credits: 12 },
          { tier: 2, days: 7, credits: 20 },
          { tier: 3, days: 14, credits: 35 },
        ],
      },
      {
        placement: "category",
        isAvailable: true,
        categoryName: "Energie",
        hasFreeSlot: true,
        earliestFreeAt: null,
        runningUntil: null,
        tiers: [
          { tier: 1, days: 3, credits: 6 },
          { tier: 2, days: 7, credits: 10 },
          { tier: 3, days: 14, credits: 18 },
        ],
      },
    ]);
  });

  it("names the earliest free date of a full page and the release's running boost", async () => {
    const now = ownNow();
    const category = await seedCategory("tech");
    for (let i = 1; i <= 3; i++)
      await seedRunningBoost({ portal: "tech", placement: "category", categoryId: category.id, now, endsAt: days(now, i + 1) });
    const { owner, release } = await seedBuyer({ portal: "tech", credits: 50, categoryId: category.id });
    const { endsAt } = await bookBoost({ userId: owner.id, releaseId: release.id, placement: "home", tier: 1, now });
    const offer = await boostOffer({ userId: owner.id, releaseId: release.id, now });
    expect(offer.balance).toBe(38);
    expect(
      offer.placements.map((p) => ({
        placement: p.placement,
        hasFreeSlot: p.hasFreeSlot,
        earliestFreeAt: p.earliestFreeAt,
        runningUntil: p.runningUntil,
      })),
    ).toEqual([
      { placement: "home", hasFreeSlot: true, earliestFreeAt: null, runningUntil: endsAt },
      { placement: "category", hasFreeSlot: false, earliestFreeAt: days(now, 2), runningUntil: null },
    ]);
    expect(offer.boosts).toEqual([
      expect.objectContaining({ placement: "home", tier: 1, days: 3, priceCredits: 12, startsAt: now, endsAt, state: "running" }),
    ]);
    expect((await boostOffer({ userId: owner.id, releaseId: release.id, now: endsAt })).boosts[0]!.state).toBe("ended");
  });

  it("tells members and unpublished releases apart, and hides other newsrooms' releases", async () => {
    const now = ownNow();
    const { owner, company, release } = await seedBuyer({ portal: "business" });
    const member = await addMember(company.id, "member");
    expect(await boostOffer({ userId: member.id, releaseId: release.id, now })).toMatchObject({
      canBook: false,
      canBuyCredits: false,
      isVisible: true,
    });
    const responsible = await addMember(company.id, "responsible");
    expect(await boostOffer({ userId: responsible.id, releaseId: release.id, now })).toMatchObject({ canBook: true, canBuyCredits: false });
    const draft = await seedPublished(company.id, "business", { status: "draft", publishedAt: null });
    expect(await boostOffer({ userId: owner.id, releaseId: draft.id, now })).toMatchObject({ canBook: true, isVisible: false });
    const uncategorised = await boostOffer({ userId: owner.id, releaseId: release.id, now });
    expect(uncategorised.placements[1]).toMatchObject({ placement: "category", isAvailable: false, hasFreeSlot: false });

    const outsider = await seedBuyer({ portal: "business" });
    await expect(boostOffer({ userId: outsider.owner.id, releaseId: release.id, now })).rejects.toMatchObject({ code: "not_found" });
  });

  it("lists a newsroom's boosts for the billing page, and only its own", async () => {
    const now = ownNow();
    const category = await seedCategory("tech", { nameDe: "Software" });
    const { owner, company, release } = await seedBuyer({ portal: "tech", credits: 100, categoryId: category.id });
    const other = await seedBuyer({ portal: "tech", credits: 100 });
    const home = await bookBoost({ userId: owner.id, releaseId: release.id, placement: "home", tier: 3, now });
    const cat = await bookBoost({ userId: owner.id, releaseId: release.id, placement: "category", tier: 2, now: days(now, 1) });
    await bookBoost({ userId: other.owner.id, releaseId: other.release.id, placement: "home", tier: 1, now });
    await db.boost.update({ where: { id: home.boostId }, data: { cancelledAt: days(now, 2) } });

    const rows = await listCompanyBoosts(company.id, db, days(now, 3));
    expect(
      rows.map((r) => ({
        id: r.id,
        placement: r.placement,
        categoryName: r.categoryName,
        priceCredits: r.priceCredits,
        days: r.days,
        state: r.state,
        release: r.release,
      })),
    ).toEqual([
      {
        id: cat.boostId,
        placement: "category",
        categoryName: "Software",
        priceCredits: 10,
        days: 7,
        state: "running",
        release: { id: release.id, title: release.title, portal: "tech" },
      },
      {
        id: home.boostId,
        placement: "home",
        categoryName: null,
        priceCredits: 35,
        days: 14,
        state: "cancelled",
        release: { id: release.id, title: release.title, portal: "tech" },
      },
    ]);
  });
});
