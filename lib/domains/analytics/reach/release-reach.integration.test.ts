import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedUser } from "@/tests/factories";
import { after, bookEvents, seedEvents, seedPublishedRelease, seedReachNewsroom, times } from "@/tests/reach-fixtures";
import { seedNewsroom } from "@/tests/release-fixtures";
import { loadReleaseReach, loadReleaseReachForViewer } from "./release-reach";

// One release's reach from a world built around it: events on chosen days (Berlin midnight
// included), feed fetches of the feeds that carried it and of others, crawler fetches, index
// checks by two inspectors, IndexNow pings and the history of its submission.

// Winter time (UTC+1). Published Tuesday 10 March 2026, 11:00 Berlin; read Saturday 14 March, 13:00.
const PUBLISHED = new Date("2026-03-10T10:00:00Z");
const NOW = new Date("2026-03-14T12:00:00Z");

async function world() {
  const { owner, company, parent, category } = await seedReachNewsroom();
  const release = await seedPublishedRelease(company.id, PUBLISHED, { categoryId: category.id, authorUserId: owner.id });
  await db.pressReleaseHistory.createMany({
    data: [
      { pressReleaseId: release.id, fromStatus: null, toStatus: "draft", actorType: "user", createdAt: after(PUBLISHED, -6 * 24 * 60) },
      {
        pressReleaseId: release.id,
        fromStatus: "draft",
        toStatus: "in_review",
        actorType: "user",
        createdAt: after(PUBLISHED, -5 * 24 * 60),
      },
      {
        pressReleaseId: release.id,
        fromStatus: "in_review",
        toStatus: "rejected",
        actorType: "ki",
        createdAt: after(PUBLISHED, -5 * 24 * 60 + 2),
      },
      // The submission that led to the publication: 2 h 15 min before it.
      { pressReleaseId: release.id, fromStatus: "rejected", toStatus: "in_review", actorType: "user", createdAt: after(PUBLISHED, -135) },
      { pressReleaseId: release.id, fromStatus: "in_review", toStatus: "in_review", actorType: "ki", createdAt: after(PUBLISHED, -60) },
      { pressReleaseId: release.id, fromStatus: "in_review", toStatus: "published", actorType: "ki", createdAt: PUBLISHED },
      // A later round (archived, back) does not move the first publication.
      { pressReleaseId: release.id, fromStatus: "published", toStatus: "archived", actorType: "user", createdAt: after(PUBLISHED, 3000) },
    ],
  });
  await seedEvents(release.id, [
    ...times(2, { type: "view", at: new Date("2026-03-10T12:00:00Z") }),
    // 23:59:59 on the 11th in Berlin, and midnight of the 12th.
    { type: "view", at: new Date("2026-03-11T22:59:59Z") },
    { type: "view", at: new Date("2026-03-11T23:00:00Z") },
    ...times(3, { type: "view", at: new Date("2026-03-14T08:00:00Z") }),
    ...times(2, { type: "share", channel: "linkedin", at: new Date("2026-03-10T13:00:00Z") }),
    { type: "share", channel: "copy_link", at: new Date("2026-03-12T13:00:00Z") },
    { type: "mail_click", at: new Date("2026-03-11T07:00:00Z") },
  ]);
  await bookEvents();
  // The main feed is every release's: fetches another test of this file logged would count here too.
  await db.feedFetch.deleteMany();
  const feed = (
    fetch: Partial<{
      kind: "main" | "category" | "newsroom" | "corrections";
      key: string;
      portal: "business" | "tech";
      language: "de" | "en";
    }> & {
      reader: string | null;
      subscribers?: number | null;
      at: Date;
    },
  ) => ({
    feedKind: fetch.kind ?? "main",
    feedKey: fetch.key ?? "main",
    portal: fetch.portal ?? "business",
    language: fetch.language ?? "de",
    reader: fetch.reader,
    subscriberCount: fetch.subscribers ?? null,
    userAgentShort: fetch.reader ?? "curl",
    fetchedAt: fetch.at,
  });
  await db.feedFetch.createMany({
    data: [
      feed({ reader: "feedly", subscribers: 120, at: after(PUBLISHED, 60) }),
      feed({ reader: "feedly", subscribers: 150, kind: "newsroom", key: company.slug, at: after(PUBLISHED, 120) }),
      feed({ reader: "inoreader", subscribers: 30, kind: "category", key: parent.slug, at: after(PUBLISHED, 180) }),
      feed({ reader: "newsblur", kind: "category", key: category.slug, at: after(PUBLISHED, 200) }),
      feed({ reader: null, kind: "newsroom", key: company.slug, at: after(PUBLISHED, 240) }),
      // Not the release's feeds: before its publication, another portal, the other edition, another category, the correction log.
      feed({ reader: "feedbin", subscribers: 9000, at: after(PUBLISHED, -60) }),
      feed({ reader: "feedbin", subscribers: 9000, portal: "tech", at: after(PUBLISHED, 60) }),
      feed({ reader: "feedbin", subscribers: 9000, language: "en", at: after(PUBLISHED, 60) }),
      feed({ reader: "feedbin", subscribers: 9000, kind: "category", key: "andere-kategorie", at: after(PUBLISHED, 60) }),
      feed({ reader: "feedbin", subscribers: 9000, kind: "corrections", key: "corrections", at: after(PUBLISHED, 60) }),
    ],
  });
  await db.crawlerFetch.createMany({
    data: [
      { pressReleaseId: release.id, service: "google", userAgentShort: "Googlebot/2.1", fetchedAt: after(PUBLISHED, 30) },
      { pressReleaseId: release.id, service: "google", userAgentShort: "Googlebot/2.1", fetchedAt: after(PUBLISHED, 600) },
      { pressReleaseId: release.id, service: "bing", userAgentShort: "bingbot/2.0", fetchedAt: after(PUBLISHED, 1440) },
    ],
  });
  await db.pressReleaseIndexCheck.createMany({
    data: [
      {
        pressReleaseId: release.id,
        state: "crawled_not_indexed",
        answer: {},
        inspector: "search-console",
        checkedAt: after(PUBLISHED, 1440),
      },
      { pressReleaseId: release.id, state: "indexed", answer: {}, inspector: "search-console", checkedAt: after(PUBLISHED, 2880) },
      { pressReleaseId: release.id, state: "not_crawled", answer: {}, inspector: "embedded", checkedAt: after(PUBLISHED, 1440) },
    ],
  });
  await db.indexNowPing.createMany({
    data: [
      {
        pressReleaseId: release.id,
        url: "http://business.localhost/de/x",
        reason: "publish",
        status: "sent",
        createdAt: PUBLISHED,
        sentAt: after(PUBLISHED, 1),
      },
      {
        pressReleaseId: release.id,
        url: "http://business.localhost/de/x",
        reason: "correction",
        status: "sent",
        createdAt: after(PUBLISHED, 90),
        sentAt: after(PUBLISHED, 91),
      },
      {
        pressReleaseId: release.id,
        url: "http://business.localhost/de/x",
        reason: "correction",
        status: "failed",
        createdAt: after(PUBLISHED, 100),
      },
    ],
  });
  return { owner, company, release };
}

describe("the reach of one release", () => {
  it("counts views per Berlin day from the publication day to today, days without views as zero", async () => {
    const { owner, release } = await world();
    const reach = await loadReleaseReachForViewer({ userId: owner.id, releaseId: release.id, now: NOW });
    expect(reach.days).toEqual({ fromDay: "2026-03-10", toDay: "2026-03-14" });
    expect(reach.viewsPerDay).toEqual([
      { day: "2026-03-10", count: 2 },
      { day: "2026-03-11", count: 1 },
      { day: "2026-03-12", count: 1 },
      { day: "2026-03-13", count: 0 },
      { day: "2026-03-14", count: 3 },
    ]);
    expect(reach.totals).toEqual({ views: 7, shares: 3, mailClicks: 1 });
    expect(reach.hits).toBe(7);
    expect(reach.shares).toEqual([
      { channel: "linkedin", count: 2 },
      { channel: "x", count: 0 },
      { channel: "email", count: 0 },
      { channel: "copy_link", count: 1 },
    ]);
    expect(reach.countedAt).toBeInstanceOf(Date);
  });

  it("lists the readers of the feeds that carried it, by the largest subscriber count", async () => {
    const { owner, release } = await world();
    const { feeds } = await loadReleaseReachForViewer({ userId: owner.id, releaseId: release.id, now: NOW });
    expect(feeds.readers).toEqual([
      { reader: "feedly", fetches: 2, largestSubscribers: 150, firstFetchAt: after(PUBLISHED, 60) },
      { reader: "inoreader", fetches: 1, largestSubscribers: 30, firstFetchAt: after(PUBLISHED, 180) },
      { reader: "newsblur", fetches: 1, largestSubscribers: null, firstFetchAt: after(PUBLISHED, 200) },
    ]);
    expect([feeds.fetches, feeds.unnamedFetches, feeds.readerCount]).toEqual([5, 1, 3]);
  });

  it("counts a feed's fetches only while the release is among the feed's newest 50", async () => {
    const { owner, release } = await world();
    const { company: other } = await seedReachNewsroom();
    // Fifty newer releases of the edition push it out of the main feed at the fiftieth's publication.
    for (let i = 0; i < 50; i++) await seedPublishedRelease(other.id, after(PUBLISHED, 2000 + i));
    const mainFetch = (minutes: number) => ({
      feedKind: "main" as const,
      feedKey: "main",
      portal: "business" as const,
      language: "de" as const,
      reader: "feeder",
      userAgentShort: "Feeder",
      fetchedAt: after(PUBLISHED, minutes),
    });
    await db.feedFetch.createMany({ data: [mainFetch(2000 + 48), mainFetch(2000 + 49), mainFetch(2000 + 60)] });
    const { feeds } = await loadReleaseReachForViewer({ userId: owner.id, releaseId: release.id, now: NOW });
    expect(feeds.readers.find((r) => r.reader === "feeder")).toEqual({
      reader: "feeder",
      fetches: 1,
      largestSubscribers: null,
      firstFetchAt: after(PUBLISHED, 2048),
    });
  });

  it("counts crawlers with their first fetch, the newest index state per inspector, IndexNow pings and the times to publication and first crawl", async () => {
    const { owner, release } = await world();
    const reach = await loadReleaseReachForViewer({ userId: owner.id, releaseId: release.id, now: NOW });
    expect(reach.crawlers).toEqual([
      { service: "google", fetches: 2, firstFetchAt: after(PUBLISHED, 30), lastFetchAt: after(PUBLISHED, 600) },
      { service: "bing", fetches: 1, firstFetchAt: after(PUBLISHED, 1440), lastFetchAt: after(PUBLISHED, 1440) },
    ]);
    expect(reach.indexStates).toEqual([
      { inspector: "embedded", state: "not_crawled", checkedAt: after(PUBLISHED, 1440) },
      { inspector: "search-console", state: "indexed", checkedAt: after(PUBLISHED, 2880) },
    ]);
    expect(reach.indexNow).toEqual([
      { status: "sent", pings: 2, firstCreatedAt: PUBLISHED, firstSentAt: after(PUBLISHED, 1) },
      { status: "failed", pings: 1, firstCreatedAt: after(PUBLISHED, 100), firstSentAt: null },
    ]);
    expect(reach.timing).toEqual({
      submittedAt: after(PUBLISHED, -135),
      publishedAt: PUBLISHED,
      firstCrawlerFetchAt: after(PUBLISHED, 30),
      submissionToPublicationMs: 135 * 60_000,
      publicationToFirstCrawlMs: 30 * 60_000,
    });
    expect(reach.notes.map((n) => n.source)).toEqual(["events", "feeds", "crawlers", "index", "indexnow"]);
    expect(reach.notes.find((n) => n.source === "crawlers")?.text).toMatch(
      /^Crawler-Abrufe werden seit dem \d{2}\.\d{2}\.\d{4} erfasst\.$/,
    );
  });

  it("reaches back 395 days at most, and draws no days before a publication under embargo", async () => {
    const { company } = await seedReachNewsroom();
    const old = await seedPublishedRelease(company.id, new Date("2024-11-02T09:00:00Z"));
    const reach = await loadReleaseReach({ releaseId: old.id, now: NOW });
    expect(reach.viewsPerDay).toHaveLength(395);
    expect(reach.days).toEqual({ fromDay: "2025-02-13", toDay: "2026-03-14" });

    const embargoed = await seedPublishedRelease(company.id, new Date("2026-03-20T08:00:00Z"));
    const ahead = await loadReleaseReach({ releaseId: embargoed.id, now: NOW });
    expect([ahead.days, ahead.viewsPerDay, ahead.timing.firstCrawlerFetchAt]).toEqual([null, [], null]);
  });

  it("is the newsroom's own: a member sees it; another newsroom's owner, a stranger and staff get not found", async () => {
    const { company, release } = await world();
    const member = await seedUser();
    await db.companyUser.create({ data: { companyId: company.id, userId: member.id, role: "member", grantedVia: "manual" } });
    expect((await loadReleaseReachForViewer({ userId: member.id, releaseId: release.id, now: NOW })).totals.views).toBe(7);

    const { owner: otherOwner } = await seedNewsroom();
    const strangers = [otherOwner, await seedUser(), await seedUser({ staffRole: "super_admin" })];
    for (const stranger of strangers) {
      const refused = await loadReleaseReachForViewer({ userId: stranger.id, releaseId: release.id, now: NOW }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("not_found");
    }
    const deleted = await seedPublishedRelease(company.id, PUBLISHED, { deletedAt: new Date() });
    await expect(loadReleaseReachForViewer({ userId: member.id, releaseId: deleted.id, now: NOW })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
