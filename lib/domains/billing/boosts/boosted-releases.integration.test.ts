import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { boostedReleases } from "./boosted-releases";

const HOUR = 3_600_000;
const NOW = new Date();

async function boosted(companyId: number, boost: Record<string, unknown> = {}, release: Record<string, unknown> = {}) {
  const r = await seedRelease({ companyId, portal: "tech", status: "published", publishedAt: new Date(NOW.getTime() - HOUR), ...release });
  await db.boost.create({
    data: {
      companyId,
      pressReleaseId: r.id,
      portal: "tech",
      placement: "home",
      tier: 1,
      priceCredits: 12,
      startsAt: new Date(NOW.getTime() - HOUR),
      endsAt: new Date(NOW.getTime() + HOUR),
      ...boost,
    },
  });
  return r;
}

describe("boosted slots", () => {
  it("home: at most five running boosts of archive-visible releases, higher tier first", async () => {
    const company = await seedCompany({ portal: "tech" });
    const top = await boosted(company.id, { tier: 3 });
    for (let i = 0; i < 5; i++) await boosted(company.id);
    const hidden = await Promise.all([
      boosted(company.id, { cancelledAt: new Date() }),
      boosted(company.id, { endsAt: new Date(NOW.getTime() - 1) }),
      boosted(company.id, { startsAt: new Date(NOW.getTime() + HOUR) }),
      boosted(company.id, {}, { noExport: true }),
      boosted(company.id, {}, { publishedAt: new Date(NOW.getTime() + HOUR) }),
    ]);
    const shown = await boostedReleases({ portal: "tech", edition: "de", placement: "home", now: NOW });
    expect(shown).toHaveLength(5);
    expect(shown[0]!.id).toBe(top.id);
    for (const h of hidden) expect(shown.map((s) => s.id)).not.toContain(h.id);
    expect(await boostedReleases({ portal: "tech", edition: "en", placement: "home", now: NOW })).toEqual([]);
    expect(await boostedReleases({ portal: "business", edition: "de", placement: "home", now: NOW })).toEqual([]);
  });

  it("category: at most three, only for that category", async () => {
    const company = await seedCompany({ portal: "tech" });
    const category = await db.category.create({ data: { portal: "tech", slug: unique("boostcat"), nameDe: "K", nameEn: "C" } });
    const other = await db.category.create({ data: { portal: "tech", slug: unique("other"), nameDe: "A", nameEn: "O" } });
    for (let i = 0; i < 4; i++) await boosted(company.id, { placement: "category", categoryId: category.id });
    await boosted(company.id, { placement: "category", categoryId: other.id });
    expect(await boostedReleases({ portal: "tech", edition: "de", placement: "category", categoryId: category.id, now: NOW })).toHaveLength(
      3,
    );
    expect(await boostedReleases({ portal: "tech", edition: "de", placement: "category", categoryId: other.id, now: NOW })).toHaveLength(1);
  });
});
