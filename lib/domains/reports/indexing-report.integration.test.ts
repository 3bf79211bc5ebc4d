import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedRelease } from "@/tests/factories";
import { loadIndexingReport } from "./indexing-report";
import { rangeOf } from "./report-range";

describe("indexing and fetches report", () => {
  it("sums each reader's latest subscriber count per feed, counts crawlers and the latest index state per release", async () => {
    const t = (day: number, hour = 12) => new Date(Date.UTC(2003, 4, day, hour));
    const feed = { portal: "business" as const, language: "de" as const, userAgentShort: "x" };
    await db.feedFetch.createMany({
      data: [
        { ...feed, feedKind: "main", feedKey: "main", reader: "feedly", subscriberCount: 40, fetchedAt: t(1) },
        { ...feed, feedKind: "main", feedKey: "main", reader: "feedly", subscriberCount: 42, fetchedAt: t(2) },
        // A later fetch without a count keeps the last count reported.
        { ...feed, feedKind: "main", feedKey: "main", reader: "feedly", subscriberCount: null, fetchedAt: t(3) },
        { ...feed, feedKind: "category", feedKey: "energie", reader: "feedly", subscriberCount: 8, fetchedAt: t(2) },
        { ...feed, feedKind: "main", feedKey: "main", reader: "inoreader", subscriberCount: 5, fetchedAt: t(2), language: "en" },
        { ...feed, feedKind: "main", feedKey: "main", reader: null, fetchedAt: t(2) },
        { ...feed, feedKind: "main", feedKey: "main", reader: null, fetchedAt: t(3) },
        // Outside the range.
        { ...feed, feedKind: "main", feedKey: "main", reader: "feedly", subscriberCount: 999, fetchedAt: t(20) },
      ],
    });
    const company = await seedCompany();
    const [r1, r2] = await Promise.all([1, 2, 3].map(() => seedRelease({ companyId: company.id, status: "published" })));
    await db.crawlerFetch.createMany({
      data: [
        { pressReleaseId: r1!.id, service: "google", userAgentShort: "Googlebot", fetchedAt: t(1) },
        { pressReleaseId: r1!.id, service: "google", userAgentShort: "Googlebot", fetchedAt: t(2) },
        { pressReleaseId: r2!.id, service: "google", userAgentShort: "Googlebot", fetchedAt: t(2) },
        { pressReleaseId: r2!.id, service: "bing", userAgentShort: "bingbot", fetchedAt: t(3) },
      ],
    });
    await db.pressReleaseIndexCheck.createMany({
      data: [
        { pressReleaseId: r1!.id, state: "crawled_not_indexed", answer: {}, checkedAt: t(1) },
        { pressReleaseId: r1!.id, state: "indexed", answer: {}, checkedAt: t(3) },
        { pressReleaseId: r2!.id, state: "error", answer: {}, checkedAt: t(2) },
      ],
    });

    const report = await loadIndexingReport({ range: rangeOf("2003-05-01", "2003-05-07") });
    expect(report.readers.map((r) => [r.reader, r.subscribers, r.feeds, r.fetches])).toEqual([
      ["feedly", 50, 2, 4],
      ["inoreader", 5, 1, 1],
    ]);
    expect(report.readerFeeds[0]).toMatchObject({ reader: "feedly", kind: "main", subscribers: 42, fetches: 3 });
    expect(report.otherFeedFetches).toBe(2);
    expect(report.feedFetchesPerDay.map((d) => d.count)).toEqual([1, 4, 2, 0, 0, 0, 0]);
    expect(report.crawlers.map((c) => [c.service, c.fetches, c.releases])).toEqual([
      ["google", 3, 2],
      ["bing", 1, 1],
    ]);
    expect(report.crawlerFetchesPerDay.map((d) => d.count)).toEqual([1, 2, 1, 0, 0, 0, 0]);
    expect(Object.fromEntries(report.indexStates.map((s) => [s.state, s.releases]))).toEqual({
      indexed: 1,
      crawled_not_indexed: 0,
      not_crawled: 0,
      excluded: 0,
      error: 1,
    });
    expect(report.latestChecks.map((c) => [c.releaseId, c.state])).toEqual([
      [r1!.id, "indexed"],
      [r2!.id, "error"],
      [r1!.id, "crawled_not_indexed"],
    ]);
    // r3 (this file's database has no other release).
    expect(report.publishedNeverChecked).toBe(1);
  });
});
