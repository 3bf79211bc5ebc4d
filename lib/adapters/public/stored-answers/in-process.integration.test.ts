import { NextRequest, type NextFetchEvent, type NextResponse } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProcessPages } from "@/components/portal/in-process-pages";
import { releasePage } from "@/components/portal/release-page";
import { applyCommittedInvalidations } from "@/lib/adapters/public/invalidation-poller";
import { READER_PAGE_POLICY } from "@/lib/adapters/public/reader-pages/policy";
import { db } from "@/lib/core/db/client";
import { EVERY_ANSWER_HEADERS } from "@/lib/core/security/every-answer-headers";
import { flushCrawlerFetches } from "@/lib/domains/analytics/fetches";
import { invalidatePublicTags, releaseTag } from "@/lib/domains/sites/public-tags";
import { seedCompany, seedRelease } from "@/tests/factories";
import { renderWithFacts, type PageRender } from "./in-process";
import { takeRenderFacts } from "./render-facts";
import { serveStoredAnswer } from "./serve";
import { standInForOwnAddress } from "./stand-in-server";
import { storableAnswer } from "./storable";

// A release page's miss rendered by the middleware in its own process: no request reaches the
// server's own address, and the kept bytes are what the page's route answers.

let stopStandIn: () => Promise<void>;
let throughServer = 0;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const event = { waitUntil: () => undefined } as unknown as NextFetchEvent;

beforeAll(async () => {
  stopStandIn = await standInForOwnAddress((_req, res) => {
    throughServer += 1;
    res.writeHead(500).end();
  });
});

afterAll(() => stopStandIn());

async function get(path: string, headers: Record<string, string> = {}) {
  const request = new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host: "business.localhost:3000", ...headers } });
  const u = new URL(path, "http://x");
  const storable = storableAnswer("business", u.pathname, u.searchParams)!;
  const res = (await serveStoredAnswer(request, event, storable, "business.localhost:3000", true, inProcessPages)) as NextResponse;
  return { res, body: await res.text() };
}

async function publishedRelease(title: string, language: "de" | "en" = "de") {
  const company = await seedCompany({ name: "Inprozess AG" });
  return seedRelease({ companyId: company.id, language, title, status: "published", publishedAt: new Date(Date.now() - 60_000) });
}

describe("release pages rendered in the middleware's process", () => {
  it("keeps the bytes the page's route answers, then serves them as a hit, without a request to the server itself", async () => {
    const release = await publishedRelease("Windpark geht ans Netz");
    const path = `/de/pressemitteilung/${release.slug}`;
    const first = await get(path);
    const second = await get(path);
    expect(first.res.status).toBe(200);
    expect([first.res.headers.get("x-pd-store"), second.res.headers.get("x-pd-store")]).toEqual(["miss", "hit"]);
    expect(second.body).toBe(first.body);
    expect(first.body).toContain("<h1>Windpark geht ans Netz</h1>");
    expect(first.res.headers.get("content-security-policy")).toBe(READER_PAGE_POLICY);
    // What Next adds to every answer on its way out, kept with the bytes served without it.
    for (const { key, value } of EVERY_ANSWER_HEADERS) expect(second.res.headers.get(key)).toBe(value);
    expect(second.res.headers.get("vary")).toBe("Accept-Encoding");
    expect(throughServer).toBe(0);

    const route = await releasePage("pressemitteilung")(new Request(`http://business.localhost:3000${path}`), {
      params: Promise.resolve({ portal: "business", edition: "de", slug: release.slug }),
    });
    expect(await route.text()).toBe(first.body);
  });

  it("drops the bytes with the release's tag: the next reader gets the corrected title", async () => {
    const release = await publishedRelease("Erste Fassung");
    const path = `/de/pressemitteilung/${release.slug}`;
    expect((await get(path)).body).toContain("Erste Fassung");
    await db.pressRelease.update({ where: { id: release.id }, data: { title: "Berichtigte Fassung" } });
    await invalidatePublicTags(db, [releaseTag("business", "de", release.slug)]);
    await applyCommittedInvalidations();
    const after = await get(path);
    expect(after.res.headers.get("x-pd-store")).toBe("miss");
    expect(after.body).toContain("Berichtigte Fassung");
  });

  it("passes a 404 on without keeping it, and logs a crawler's fetch of a release once per fetch", async () => {
    const missing = await get("/de/pressemitteilung/gibt-es-nicht-123");
    expect([missing.res.status, missing.res.headers.get("x-pd-store")]).toEqual([404, "pass"]);
    expect((await get("/de/pressemitteilung/gibt-es-nicht-123")).res.headers.get("x-pd-store")).toBe("pass");

    const release = await publishedRelease("Vom Crawler gelesen");
    await get(`/de/pressemitteilung/${release.slug}`, { "user-agent": GOOGLEBOT });
    await get(`/de/pressemitteilung/${release.slug}`, { "user-agent": GOOGLEBOT });
    await flushCrawlerFetches();
    expect(await db.crawlerFetch.count({ where: { pressReleaseId: release.id } })).toBe(2);
  });

  it("renders a slug with letters beyond ASCII, decoded as the framework hands it to the route", async () => {
    const company = await seedCompany();
    const release = await seedRelease({
      companyId: company.id,
      slug: `grüne-wärme-${Date.now()}`,
      title: "Grüne Wärme",
      status: "published",
      publishedAt: new Date(Date.now() - 60_000),
    });
    const { res, body } = await get(`/de/pressemitteilung/${encodeURIComponent(release.slug)}`);
    expect([res.status, res.headers.get("x-pd-store")]).toEqual([200, "miss"]);
    expect(body).toContain("<h1>Grüne Wärme</h1>");
  });

  it("gives up a render that does not finish in time, and notes nothing of it", async () => {
    const never: PageRender = () => new Promise<Response>(() => undefined);
    await expect(renderWithFacts("timeout-test", new Request("http://x/"), never, 50)).rejects.toThrow("render timed out");
    expect(await takeRenderFacts("timeout-test")).toEqual({ tags: [] });
  });

  it("renders only release pages there, each under its own edition's word", () => {
    const of = (site: "business" | "hub", path: string) =>
      inProcessPages(storableAnswer(site, path, new URLSearchParams()) ?? { key: `${site}:${path}`, path });
    expect(of("business", "/de/pressemitteilung/a")).toBeTypeOf("function");
    expect(of("business", "/en/press-release/a")).toBeTypeOf("function");
    expect(of("business", "/en/pressemitteilung/a")).toBeNull();
    expect(of("business", "/de/pressemitteilung/a/b")).toBeNull();
    expect(of("business", "/de")).toBeNull();
    expect(of("business", "/de/category/a")).toBeNull();
    expect(of("hub", "/de/pressemitteilung/a")).toBeNull();
  });
});
