import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "@/lib/core/config";
import { db, getDb } from "@/lib/core/db/client";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { seedRelease } from "@/tests/factories";
import { withLimits } from "@/tests/limits";
import { seedNewsroom } from "@/tests/release-fixtures";
import { startFakeSearchConsole, type FakeSearchConsole } from "@/tests/search-console-fake-server";
import { checkIndexStatus } from "./check-index-status";
import { embeddedInspector } from "./embedded-inspector";
import { customerIndexStatus } from "./release-index-status";

// The daily index check against a fake Search Console started here: the real adapter's HTTP
// path (service-account token, index:inspect), the quota per portal and day, the order
// (never-checked first, then the oldest check), the reduced states, and failures.

const NOW = new Date("2026-11-24T04:10:00Z"); // 05:10 in Berlin
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let fake: FakeSearchConsole;
beforeAll(async () => {
  fake = await startFakeSearchConsole();
});
afterAll(() => fake.close());
// Each test sees only its own published releases: earlier tests' ones leave the public.
beforeEach(async () => {
  await db.pressRelease.updateMany({ where: { status: "published" }, data: { status: "archived" } });
  fake.inspections.length = 0;
  fake.answers.clear();
});

const withSearchConsole = <T>(fn: () => Promise<T>) =>
  withLimits({ SEARCH_CONSOLE_CREDENTIALS: fake.credentials, SEARCH_CONSOLE_API_URL: fake.apiUrl }, fn);

async function published(
  companyId: number,
  opts: { publishedAt?: Date; portal?: "business" | "tech"; data?: Parameters<typeof seedRelease>[0] } = {},
) {
  const at = opts.publishedAt ?? ago(10);
  return seedRelease({
    companyId,
    portal: opts.portal ?? "business",
    status: "published",
    publishedAt: at,
    publishedEverAt: at,
    ...opts.data,
  });
}
const urlOf = (r: { id: number; portal: "business" | "tech"; language: "de" | "en"; slug: string }) => releaseUrl(r, getSiteHosts());
const check = (pressReleaseId: number, checkedAt: Date) =>
  db.pressReleaseIndexCheck.create({ data: { pressReleaseId, state: "not_crawled", answer: {}, checkedAt, inspector: "search-console" } });

describe("checkIndexStatus", () => {
  it("inspects never-checked releases first (oldest first), then the oldest latest check, within the day's quota per portal", async () => {
    const { company } = await seedNewsroom();
    const neverOld = await published(company.id, { publishedAt: ago(10) });
    const neverNew = await published(company.id, { publishedAt: ago(5) });
    const checked3 = await published(company.id, { publishedAt: ago(30) });
    const checked2 = await published(company.id, { publishedAt: ago(30) });
    const checked1 = await published(company.id, { publishedAt: ago(30) });
    await check(checked3.id, ago(3));
    await check(checked2.id, ago(6));
    await check(checked2.id, ago(2)); // its latest check counts, not its oldest
    await check(checked1.id, ago(1));
    // Not publicly deliverable, or not this portal: never inspected.
    const { company: inactive } = await seedNewsroom();
    await db.company.update({ where: { id: inactive.id }, data: { isActive: false } });
    const hidden = [
      await seedRelease({ companyId: company.id, status: "draft" }),
      await published(company.id, { data: { companyId: company.id, deletedAt: ago(1) } }),
      await published(company.id, { data: { companyId: company.id, goneAt: ago(1) } }),
      await published(company.id, { publishedAt: new Date(NOW.getTime() + DAY) }),
      await published(inactive.id),
      await published(company.id, { portal: "tech" }),
    ];

    const first = await withSearchConsole(() => checkIndexStatus({ portal: "business", quota: 4, now: NOW }));
    expect(first.outcome).toBe("done");
    expect(fake.inspections.map((i) => i.body.inspectionUrl)).toEqual([neverOld, neverNew, checked3, checked2].map(urlOf));
    const snapshots = await db.pressReleaseIndexCheck.findMany({ where: { checkedAt: NOW }, orderBy: { id: "asc" } });
    expect(snapshots.map((s) => [s.pressReleaseId, s.url, s.inspector])).toEqual(
      [neverOld, neverNew, checked3, checked2].map((r) => [r.id, urlOf(r), "search-console"]),
    );
    expect(await db.pressReleaseIndexCheck.count({ where: { pressReleaseId: { in: hidden.map((h) => h.id) } } })).toBe(0);

    // The same day: the quota is spent. A larger quota lets exactly the difference through.
    const again = await withSearchConsole(() =>
      checkIndexStatus({ portal: "business", quota: 4, now: new Date(NOW.getTime() + 3_600_000) }),
    );
    expect(again.outcome === "done" && again.portals[0]).toMatchObject({ quotaLeft: 0, picked: [] });
    const more = await withSearchConsole(() =>
      checkIndexStatus({ portal: "business", quota: 5, now: new Date(NOW.getTime() + 7_200_000) }),
    );
    expect(more.outcome === "done" && more.portals[0]!.picked.map((p) => p.releaseId)).toEqual([checked1.id]);
    expect(fake.inspections).toHaveLength(5);
    // The next day the quota is whole again; the embargoed release is public by then and never checked.
    const tomorrow = await withSearchConsole(() => checkIndexStatus({ portal: "business", quota: 2, now: new Date(NOW.getTime() + DAY) }));
    expect(tomorrow.outcome === "done" && tomorrow.portals[0]!.picked.map((p) => p.releaseId)).toEqual([hidden[3]!.id, neverOld.id]);
  });

  it("authenticates as the service account and asks with inspectionUrl, the portal's property and languageCode", async () => {
    const { company } = await seedNewsroom({ portal: "tech" });
    const r = await published(company.id, { portal: "tech" });
    await withLimits(
      {
        SEARCH_CONSOLE_CREDENTIALS: fake.credentials,
        SEARCH_CONSOLE_API_URL: fake.apiUrl,
        SEARCH_CONSOLE_SITE_URL_TECH: "sc-domain:tech.example",
      },
      () => checkIndexStatus({ portal: "tech", now: NOW }),
    );
    expect(fake.inspections).toEqual([
      {
        authorization: "Bearer fake-access-token",
        body: { inspectionUrl: urlOf(r), siteUrl: "sc-domain:tech.example", languageCode: "en-US" },
      },
    ]);
    const token = fake.tokenRequests.at(-1)!;
    expect(token.signatureValid).toBe(true);
    expect(token.assertionClaims).toMatchObject({
      iss: "index-check@pressdesk-test.iam.gserviceaccount.com",
      scope: "https://www.googleapis.com/auth/webmasters.readonly",
      aud: fake.apiUrl.replace(/\/v1\/.*$/, "/token"),
    });
  });

  it("reduces every kind of answer to its state and keeps only the index fields", async () => {
    const { company } = await seedNewsroom();
    const status = (r: Record<string, unknown>) => ({
      inspectionResult: {
        inspectionResultLink: "https://search.google.com/search-console/inspect?resource_id=secret",
        indexStatusResult: { referringUrls: ["https://stranger.example/"], sitemap: ["https://x/sitemap.xml"], ...r },
      },
    });
    const kinds = [
      [
        "indexed",
        status({
          verdict: "PASS",
          coverageState: "Submitted and indexed",
          lastCrawlTime: "2026-11-20T10:00:00Z",
          pageFetchState: "SUCCESSFUL",
          robotsTxtState: "ALLOWED",
          indexingState: "INDEXING_ALLOWED",
        }),
      ],
      ["not_crawled", status({ verdict: "NEUTRAL", coverageState: "URL is unknown to Google" })],
      ["not_crawled", status({ verdict: "NEUTRAL", coverageState: "Discovered - currently not indexed" })],
      [
        "crawled_not_indexed",
        status({
          verdict: "NEUTRAL",
          coverageState: "Crawled - currently not indexed",
          lastCrawlTime: "2026-11-20T10:00:00Z",
          pageFetchState: "SUCCESSFUL",
        }),
      ],
      ["excluded", status({ verdict: "FAIL", coverageState: "Blocked by robots.txt", robotsTxtState: "DISALLOWED" })],
      [
        "excluded",
        status({
          verdict: "NEUTRAL",
          coverageState: "Excluded by ‘noindex’ tag",
          indexingState: "BLOCKED_BY_META_TAG",
          pageFetchState: "SUCCESSFUL",
        }),
      ],
      [
        "excluded",
        status({
          verdict: "NEUTRAL",
          coverageState: "Alternate page with proper canonical tag",
          pageFetchState: "SUCCESSFUL",
          lastCrawlTime: "2026-11-20T10:00:00Z",
        }),
      ],
      [
        "excluded",
        status({ verdict: "FAIL", coverageState: "Not found (404)", pageFetchState: "NOT_FOUND", lastCrawlTime: "2026-11-20T10:00:00Z" }),
      ],
      [
        "crawled_not_indexed",
        status({
          verdict: "FAIL",
          coverageState: "Server error (5xx)",
          pageFetchState: "SERVER_ERROR",
          lastCrawlTime: "2026-11-20T10:00:00Z",
        }),
      ],
      ["error", { inspectionResult: {} }],
    ] as const;
    const releases = [];
    for (const [, answer] of kinds) {
      const r = await published(company.id);
      fake.answers.set(urlOf(r), answer);
      releases.push(r);
    }
    await withSearchConsole(() => checkIndexStatus({ portal: "business", now: NOW }));
    const checks = await db.pressReleaseIndexCheck.findMany({ where: { pressReleaseId: { in: releases.map((r) => r.id) } } });
    const byRelease = new Map(checks.map((c) => [c.pressReleaseId, c]));
    expect(releases.map((r) => byRelease.get(r.id)?.state)).toEqual(kinds.map(([state]) => state));
    expect(byRelease.get(releases[3]!.id)!.answer).toEqual({
      source: "search-console",
      verdict: "NEUTRAL",
      coverageState: "Crawled - currently not indexed",
      lastCrawlTime: "2026-11-20T10:00:00Z",
      pageFetchState: "SUCCESSFUL",
    });
    const stored = JSON.stringify(checks.map((c) => c.answer));
    expect(stored).not.toMatch(/resource_id|stranger\.example|sitemap\.xml/);
  });

  it("records a failed answer as state error and goes on; a spent quota or a refused account stops the run", async () => {
    const { company } = await seedNewsroom();
    const [a, b, c] = [
      await published(company.id, { publishedAt: ago(9) }),
      await published(company.id, { publishedAt: ago(8) }),
      await published(company.id, { publishedAt: ago(7) }),
    ];
    fake.answers.set(urlOf(a), { status: 500 });
    const run = await withSearchConsole(() => checkIndexStatus({ portal: "business", now: NOW }));
    expect(run.outcome).toBe("done");
    const states = async () =>
      (await db.pressReleaseIndexCheck.findMany({ where: { pressReleaseId: { in: [a.id, b.id, c.id] } }, orderBy: { id: "asc" } })).map(
        (x) => [x.pressReleaseId, x.state],
      );
    expect(await states()).toEqual([
      [a.id, "error"],
      [b.id, "not_crawled"],
      [c.id, "not_crawled"],
    ]);
    expect((await db.pressReleaseIndexCheck.findFirstOrThrow({ where: { pressReleaseId: a.id } })).answer).toEqual({
      source: "search-console",
      error: "Search Console answered HTTP 500",
    });

    // Next day: the quota runs out at the second address; nothing after it is asked or written.
    fake.answers.clear();
    fake.answers.set(urlOf(b), { status: 429 });
    const stopped = await withSearchConsole(() => checkIndexStatus({ portal: "business", now: new Date(NOW.getTime() + DAY) }));
    expect(stopped).toMatchObject({ outcome: "stopped", reason: "quota" });
    expect((await states()).length).toBe(4);
    fake.answers.set(urlOf(b), { status: 403 });
    expect(await withSearchConsole(() => checkIndexStatus({ portal: "business", now: new Date(NOW.getTime() + 2 * DAY) }))).toMatchObject({
      outcome: "stopped",
      reason: "auth",
    });
  });

  it("refuses a property or endpoint without credentials, and credentials that are no key", async () => {
    expect(() => loadConfig({ SEARCH_CONSOLE_API_URL: "http://127.0.0.1:9/x" })).toThrow(/SEARCH_CONSOLE_CREDENTIALS is required/);
    await expect(
      withLimits({ SEARCH_CONSOLE_CREDENTIALS: '{"client_email":"x"}' }, () => checkIndexStatus({ now: NOW })),
    ).rejects.toMatchObject({ name: "InspectionStopError", reason: "auth" });
  });

  it("the embedded inspector reads the crawler fetch log: not crawled, crawled within 48 hours, indexed after", async () => {
    const { company } = await seedNewsroom();
    const [none, fresh, old, other] = [
      await published(company.id, { publishedAt: ago(9) }),
      await published(company.id, { publishedAt: ago(8) }),
      await published(company.id, { publishedAt: ago(7) }),
      await published(company.id, { publishedAt: ago(6) }),
    ];
    await db.crawlerFetch.createMany({
      data: [
        { pressReleaseId: fresh.id, service: "google", userAgentShort: "Googlebot/2.1", fetchedAt: ago(1) },
        { pressReleaseId: old.id, service: "bing", userAgentShort: "bingbot/2.0", fetchedAt: ago(3) },
        { pressReleaseId: other.id, service: "openai", userAgentShort: "GPTBot/1.0", fetchedAt: ago(3) },
      ],
    });
    const run = await checkIndexStatus({ portal: "business", now: NOW, inspector: embeddedInspector(() => NOW) });
    expect(run.outcome === "done" && run.portals[0]!.states).toEqual({
      indexed: 1,
      crawled_not_indexed: 1,
      not_crawled: 2,
      excluded: 0,
      error: 0,
    });
    const state = async (id: number) => (await db.pressReleaseIndexCheck.findFirstOrThrow({ where: { pressReleaseId: id } })).state;
    expect([await state(none.id), await state(fresh.id), await state(old.id), await state(other.id)]).toEqual([
      "not_crawled",
      "crawled_not_indexed",
      "indexed",
      "not_crawled",
    ]);
  });
});

describe("the embedded inspector on a much-fetched page", () => {
  it("takes the first and the last search-crawler fetch without loading the others", async () => {
    const { company } = await seedNewsroom();
    const release = await published(company.id, { publishedAt: ago(30) });
    // A popular page: 3,000 fetches over 25 days, the last by Bing, and some after NOW (not yet seen).
    const fetches = Array.from({ length: 3_000 }, (_, i) => ({
      pressReleaseId: release.id,
      service: i % 2 ? "google" : "bing",
      userAgentShort: "bot",
      fetchedAt: new Date(ago(25).getTime() + i * 700_000),
    }));
    await db.crawlerFetch.createMany({
      data: [
        ...fetches,
        { pressReleaseId: release.id, service: "google", userAgentShort: "bot", fetchedAt: new Date(NOW.getTime() + DAY) },
      ],
    });
    const lastBefore = fetches.filter((f) => f.fetchedAt <= NOW).at(-1)!;
    // Every row a crawler-fetch read hands to the application is counted.
    const delegate = getDb().crawlerFetch;
    let rows = 0;
    const count = <T>(v: T): T => ((rows += Array.isArray(v) ? v.length : v ? 1 : 0), v);
    const spies = (["findMany", "findFirst", "aggregate"] as const).map((m) => {
      const original = delegate[m].bind(delegate) as (...a: unknown[]) => Promise<unknown>;
      return vi.spyOn(delegate, m).mockImplementation(((...a: unknown[]) => original(...a).then(count)) as never);
    });
    try {
      const result = await embeddedInspector(() => NOW).inspect({
        releaseId: release.id,
        portal: "business",
        url: urlOf(release),
        publishedAt: release.publishedAt!,
      });
      expect(result).toEqual({
        state: "indexed",
        answer: {
          source: "embedded",
          lastCrawlTime: lastBefore.fetchedAt.toISOString(),
          crawledBy: lastBefore.service,
          coverageState: "Fetched by a search crawler at least 48 hours ago",
        },
      });
      expect(spies.reduce((n, s) => n + s.mock.calls.length, 0)).toBeGreaterThan(0);
      expect(rows).toBeLessThanOrEqual(2);
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });
});

describe("the customer's search-index block", () => {
  it("is shown only with SEARCH_INDEX_BLOCK_VISIBLE_TO_CUSTOMERS on and only for a published release, with the latest check", async () => {
    const { company } = await seedNewsroom();
    const r = await published(company.id);
    const draft = await seedRelease({ companyId: company.id, status: "draft" });
    expect(await customerIndexStatus({ releaseId: r.id, status: "published" })).toBeNull();
    await withLimits({ SEARCH_INDEX_BLOCK_VISIBLE_TO_CUSTOMERS: "true" }, async () => {
      expect(await customerIndexStatus({ releaseId: r.id, status: "published" })).toEqual({ latest: null });
      await check(r.id, ago(2));
      await db.pressReleaseIndexCheck.create({ data: { pressReleaseId: r.id, state: "indexed", answer: {}, checkedAt: ago(1) } });
      expect(await customerIndexStatus({ releaseId: r.id, status: "published" })).toEqual({
        latest: { state: "indexed", checkedAt: ago(1) },
      });
      expect(await customerIndexStatus({ releaseId: draft.id, status: "draft" })).toBeNull();
    });
    expect(await customerIndexStatus({ releaseId: r.id, status: "published" })).toBeNull();
  });
});
