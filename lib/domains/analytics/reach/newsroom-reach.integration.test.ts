import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedRelease, seedUser } from "@/tests/factories";
import { bookEvents, seedEvents, seedPublishedRelease, seedReachNewsroom, times } from "@/tests/reach-fixtures";
import { loadNewsroomReach } from "./newsroom-reach";
import { loadPortalReach } from "./portal-reach";
import { REACH_PAGE_SIZE } from "./scope-reach";

// A newsroom's reach by month and by release, from the monthly counts the aggregation books:
// only its own releases that were published (deleted ones and drafts left out), months in
// Berlin time, the release list by views a page at a time.

// Summer time (UTC+2): read on 15 June 2026, so the twelve months run from July 2025.
const NOW = new Date("2026-06-15T10:00:00Z");

async function world() {
  const { owner, company } = await seedReachNewsroom();
  const r1 = await seedPublishedRelease(company.id, new Date("2026-04-10T08:00:00Z"), { title: "Erste Meldung" });
  const r2 = await seedPublishedRelease(company.id, new Date("2026-05-20T08:00:00Z"), { title: "Zweite Meldung" });
  const r3 = await seedPublishedRelease(company.id, new Date("2025-05-01T08:00:00Z"), { title: "Alte Meldung" });
  const draft = await seedRelease({ companyId: company.id, status: "draft" });
  const deleted = await seedPublishedRelease(company.id, new Date("2026-04-12T08:00:00Z"), { deletedAt: new Date("2026-06-01T00:00:00Z") });
  const other = await seedReachNewsroom();
  const foreign = await seedPublishedRelease(other.company.id, new Date("2026-04-10T08:00:00Z"));
  await seedEvents(r1.id, [
    ...times(5, { type: "view", at: new Date("2026-04-15T10:00:00Z") }),
    ...times(2, { type: "share", channel: "linkedin", at: new Date("2026-04-15T11:00:00Z") }),
    ...times(2, { type: "view", at: new Date("2026-05-10T10:00:00Z") }),
    { type: "mail_click", at: new Date("2026-05-10T10:30:00Z") },
    // 00:30 on 1 June in Berlin.
    { type: "view", at: new Date("2026-05-31T22:30:00Z") },
  ]);
  await seedEvents(r2.id, [
    ...times(10, { type: "view", at: new Date("2026-06-02T10:00:00Z") }),
    { type: "share", channel: "x", at: new Date("2026-06-03T10:00:00Z") },
  ]);
  await seedEvents(r3.id, [
    ...times(4, { type: "view", at: new Date("2025-05-03T10:00:00Z") }),
    { type: "view", at: new Date("2025-07-01T10:00:00Z") },
  ]);
  for (const excluded of [draft, deleted, foreign])
    await seedEvents(excluded.id, times(50, { type: "view", at: new Date("2026-06-02T10:00:00Z") }));
  await bookEvents();
  await db.crawlerFetch.createMany({
    data: [
      { pressReleaseId: r2.id, service: "google", userAgentShort: "Googlebot", fetchedAt: new Date("2026-05-20T08:40:00Z") },
      { pressReleaseId: r2.id, service: "bing", userAgentShort: "bingbot", fetchedAt: new Date("2026-05-21T08:00:00Z") },
    ],
  });
  return { owner, company, other, r1, r2, r3 };
}

describe("the reach of a newsroom", () => {
  it("sums its published releases per Berlin month of the last twelve, with the month's first publications", async () => {
    const { owner, company } = await world();
    const reach = await loadNewsroomReach({ userId: owner.id, companyId: company.id, now: NOW });
    expect(reach.months.map((m) => m.month)).toEqual([
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
    ]);
    const shown = reach.months.filter((m) => m.views || m.shares || m.mailClicks || m.publications);
    expect(shown).toEqual([
      { month: "2025-07", views: 1, shares: 0, mailClicks: 0, publications: 0 },
      { month: "2026-04", views: 5, shares: 2, mailClicks: 0, publications: 1 },
      { month: "2026-05", views: 2, shares: 0, mailClicks: 1, publications: 1 },
      { month: "2026-06", views: 11, shares: 1, mailClicks: 0, publications: 0 },
    ]);
    expect(reach.totals).toEqual({ releases: 3, views: 23, shares: 3, mailClicks: 1 });
  });

  it("lists its releases by views with their first crawler fetch", async () => {
    const { owner, company, r1, r2, r3 } = await world();
    const { releases } = await loadNewsroomReach({ userId: owner.id, companyId: company.id, now: NOW });
    expect(releases.rows.map((r) => [r.id, r.views, r.shares, r.mailClicks, r.firstCrawlerFetchAt?.toISOString() ?? null])).toEqual([
      [r2.id, 10, 1, 0, "2026-05-20T08:40:00.000Z"],
      [r1.id, 8, 2, 1, null],
      [r3.id, 5, 0, 0, null],
    ]);
    expect([releases.page, releases.pageCount]).toEqual([1, 1]);
  });

  it("pages through many releases and shows the last page for one past it", async () => {
    const { owner, company } = await seedReachNewsroom();
    for (let i = 0; i < REACH_PAGE_SIZE + 2; i++) await seedPublishedRelease(company.id, new Date(Date.UTC(2026, 0, 1 + i, 9)));
    const second = await loadNewsroomReach({ userId: owner.id, companyId: company.id, page: 2, now: NOW });
    expect([second.releases.rows.length, second.releases.page, second.releases.pageCount]).toEqual([2, 2, 2]);
    // Without views the newest come first: page 2 holds the two oldest.
    expect(second.releases.rows.map((r) => r.publishedAt.toISOString())).toEqual(["2026-01-02T09:00:00.000Z", "2026-01-01T09:00:00.000Z"]);
    const beyond = await loadNewsroomReach({ userId: owner.id, companyId: company.id, page: 40, now: NOW });
    expect(beyond.releases.page).toBe(2);
  });

  it("is for the newsroom's people only: another newsroom's owner and a stranger get not found", async () => {
    const { company, other } = await world();
    const member = await seedUser();
    await db.companyUser.create({ data: { companyId: company.id, userId: member.id, role: "member", grantedVia: "manual" } });
    expect((await loadNewsroomReach({ userId: member.id, companyId: company.id, now: NOW })).newsroom.id).toBe(company.id);
    for (const userId of [other.owner.id, (await seedUser()).id]) {
      await expect(loadNewsroomReach({ userId, companyId: company.id, now: NOW })).rejects.toMatchObject({ code: "not_found" });
    }
    await expect(loadNewsroomReach({ userId: member.id, companyId: 2_147_483_647, now: NOW })).rejects.toMatchObject({ code: "not_found" });
  });

  it("gives the admin the same figures per portal and per newsroom", async () => {
    const { company } = await world();
    const narrowed = await loadPortalReach({ portal: "business", companyId: company.id, now: NOW });
    expect(narrowed.totals).toEqual({ releases: 3, views: 23, shares: 3, mailClicks: 1 });
    expect(narrowed.newsrooms).toEqual([]);
    const portal = await loadPortalReach({ portal: "business", now: NOW });
    expect(portal.newsroom).toBeNull();
    expect(portal.newsrooms.find((n) => n.id === company.id)).toEqual({
      id: company.id,
      name: company.name,
      releases: 3,
      views: 23,
      shares: 3,
      mailClicks: 1,
    });
    expect(portal.totals.views).toBeGreaterThanOrEqual(23 + 50);
    expect((await loadPortalReach({ portal: "tech", companyId: company.id, now: NOW })).totals.releases).toBe(0);
  });
});
