import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { setLimits } from "@/tests/limits";
import { seedCompany, seedRelease } from "@/tests/factories";
import { crawlerService, flushCrawlerFetches, recordCrawlerFetch, recordView, shortUserAgent } from "./fetches";
import { shareRelease } from "./shares";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const live = (companyId: number, data: Record<string, unknown> = {}) =>
  seedRelease({ companyId, status: "published", publishedAt: new Date(Date.now() - 60_000), ...data });

describe("views and crawler fetches", () => {
  it("a person's view is an event; a crawler's fetch is logged with service and short agent, no IP, and is no view", async () => {
    const release = await live((await seedCompany()).id);
    expect(await recordView(release.id, "business", CHROME)).toBe(true);
    expect(await recordView(release.id, "business", GOOGLEBOT)).toBe(false);
    recordCrawlerFetch(release.id, GOOGLEBOT);
    recordCrawlerFetch(release.id, CHROME);
    await flushCrawlerFetches();
    expect(await db.pressReleaseEvent.count({ where: { pressReleaseId: release.id, type: "view" } })).toBe(1);
    expect(await db.crawlerFetch.count({ where: { pressReleaseId: release.id } })).toBe(1);
    const crawl = await db.crawlerFetch.findFirstOrThrow({ where: { pressReleaseId: release.id } });
    expect([crawl.service, crawl.userAgentShort]).toEqual(["google", "Mozilla/5.0"]);
    expect(crawlerService("Mozilla/5.0 (compatible; GPTBot/1.2)")).toBe("openai");
    expect(shortUserAgent(CHROME)).toBe("Mozilla/5.0 AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36");
  });

  it("writes a crawler's fetches together: within a second, or at once past 500 waiting; a release deleted meanwhile loses only its own", async () => {
    const company = await seedCompany();
    const [kept, deleted] = [await live(company.id), await live(company.id)];
    recordCrawlerFetch(kept.id, GOOGLEBOT);
    recordCrawlerFetch(deleted.id, GOOGLEBOT);
    await db.pressRelease.delete({ where: { id: deleted.id } });
    expect(await db.crawlerFetch.count({ where: { pressReleaseId: kept.id } })).toBe(0);
    await expect.poll(() => db.crawlerFetch.count({ where: { pressReleaseId: kept.id } }), { timeout: 3000 }).toBe(1);
    // A sweep: the 500th waiting fetch writes them all without waiting for the second.
    for (let i = 0; i < 500; i++) recordCrawlerFetch(kept.id, GOOGLEBOT);
    await expect.poll(() => db.crawlerFetch.count({ where: { pressReleaseId: kept.id } }), { timeout: 900, interval: 50 }).toBe(501);
  });

  it("writes one batch at a time and keeps at most 5,000 fetches waiting; each fetch's promise settles once it is written", async () => {
    const release = await live((await seedCompany()).id);
    const logged = Array.from({ length: 5600 }, () => recordCrawlerFetch(release.id, GOOGLEBOT));
    // The 500th starts a write of those 500; the next 5,000 wait for the one after it; the rest are not logged.
    expect(logged.filter((p) => p === null)).toHaveLength(100);
    await Promise.all(logged);
    expect(await db.crawlerFetch.count({ where: { pressReleaseId: release.id } })).toBe(5500);
  });

  it("counts no view of a release that is not public on this portal: embargoed, other portal, unknown", async () => {
    const company = await seedCompany();
    const embargoed = await live(company.id, { publishedAt: new Date(Date.now() + 3_600_000) });
    const here = await live(company.id);
    expect(await recordView(embargoed.id, "business", CHROME)).toBe(false);
    expect(await recordView(here.id, "tech", CHROME)).toBe(false);
    expect(await recordView(2_000_000_000, "business", CHROME)).toBe(false);
    expect(await db.pressReleaseEvent.count({ where: { pressReleaseId: { in: [embargoed.id, here.id] } } })).toBe(0);
  });
});

describe("shares", () => {
  beforeAll(() => setLimits({ SHARE_RATE_LIMIT_PER_MINUTE: "3" }));
  afterAll(() => setLimits({ SHARE_RATE_LIMIT_PER_MINUTE: undefined }));

  it("logs a share of an archive-visible release of this portal and answers the channel's target", async () => {
    const company = await seedCompany();
    const release = await live(company.id, { title: "Teilbare Meldung" });
    const shared = await shareRelease("business", release.slug, { channel: "linkedin" });
    expect(shared.target).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(shared.url)}`);
    expect(await db.pressReleaseEvent.findFirstOrThrow({ where: { pressReleaseId: release.id, type: "share" } })).toMatchObject({
      channel: "linkedin",
    });
    await expect(shareRelease("tech", release.slug, { channel: "x" })).rejects.toMatchObject({ code: "not_found" });
    const hidden = await live(company.id, { noExport: true });
    await expect(shareRelease("business", hidden.slug, { channel: "email" })).rejects.toMatchObject({ code: "not_found" });
    const embargoed = await live(company.id, { publishedAt: new Date(Date.now() + 3_600_000) });
    await expect(shareRelease("business", embargoed.slug, { channel: "email" })).rejects.toMatchObject({ code: "not_found" });
    await live(company.id, { slug: release.slug, language: "en" });
    await expect(shareRelease("business", release.slug, { channel: "copy_link" })).rejects.toMatchObject({ code: "validation_failed" });
    expect((await shareRelease("business", release.slug, { channel: "copy_link", language: "en" })).target).toMatch(
      /\/en\/press-release\//,
    );
  });

  it("the route refuses unknown channels with 422 and throttles per client", async () => {
    const release = await live((await seedCompany()).id);
    const { POST } = await import("@/app/portal/[portal]/press-release/[slug]/share/route");
    const send = (channel: string, ip: string) =>
      POST(
        new Request(`http://business.localhost/press-release/${release.slug}/share`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify({ channel }),
        }),
        { params: Promise.resolve({ portal: "business", slug: release.slug }) },
      );
    expect((await send("myspace", "198.51.100.7")).status).toBe(422);
    // A fresh address per run: the Redis window outlives a run.
    const ip = `10.${[...randomBytes(3)].join(".")}`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send("email", ip)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
