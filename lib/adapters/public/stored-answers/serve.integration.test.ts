import { NextRequest, type NextFetchEvent, type NextResponse } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { applyCommittedInvalidations } from "@/lib/adapters/public/invalidation-poller";
import { invalidatePublicTags } from "@/lib/domains/sites/public-tags";
import { db } from "@/lib/core/db/client";
import { removalTimes, tagTimes } from "@/lib/core/cache/next-cache-handler.mjs";
import { getSiteHosts } from "@/lib/domains/sites";
import { inlineScriptHashes } from "@/lib/core/security/public-csp";
import { addRenderFacts, RENDER_HEADER, renderNonce, verifiedRenderId } from "./render-facts";
import { fastStoredAnswer } from "./fast-path";
import { serveStoredAnswer, storedAnswersEnabled } from "./serve";
import { standInForOwnAddress } from "./stand-in-server";
import { storableAnswer } from "./storable";

// The store end to end: a local server stands in for this server's own render (it files the
// render's facts the way a page's public reads do), the middleware side keeps and serves bytes.

let stopStandIn: () => Promise<void>;
let renders: { path: string; renderId: string | null }[] = [];
let version = 1;
const hostsSeen = new Set<string>();
let inRender = 0;
let mostInRender = 0;
/** What the render answers for a path: status, extra headers and the tags its reads would note. */
const behaviour: Record<
  string,
  { status?: number; headers?: Record<string, string>; tags?: string[]; revalidate?: number; slowMs?: number; drop?: boolean }
> = {};

beforeAll(async () => {
  stopStandIn = await standInForOwnAddress(async (req, res) => {
    const renderId = verifiedRenderId(req.headers[RENDER_HEADER] as string | undefined);
    renders.push({ path: req.url!, renderId });
    // A render that fails outright: the connection drops before any answer.
    if (behaviour[req.url!]?.drop) return void req.socket.destroy();
    inRender += 1;
    mostInRender = Math.max(mostInRender, inRender);
    res.on("finish", () => (inRender -= 1));
    hostsSeen.add(`${req.headers.host} ${req.headers.cookie ?? ""}`);
    const b = behaviour[req.url!] ?? {};
    if (renderId) await addRenderFacts(renderId, { tags: b.tags ?? ["portal:business"], revalidate: b.revalidate });
    if (b.slowMs) await new Promise((r) => setTimeout(r, b.slowMs));
    res.writeHead(b.status ?? 200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "public, s-maxage=60",
      date: new Date().toUTCString(),
      ...b.headers,
    });
    // Like Next: its own scripts carry the render's nonce; text that came in with content does not.
    const nonce = renderId ? renderNonce(renderId) : "none";
    res.end(
      `<html><body><h1>v${version} ${req.url}</h1><script nonce="${nonce}">self.__next_f.push([${version}])</script><p><script>injected()</script></p></body></html>`,
    );
  });
});

afterAll(() => stopStandIn());

beforeEach(async () => {
  renders = [];
  version += 1;
  for (const times of [tagTimes(), removalTimes()]) times.set("public", Date.now()); // nothing stored by an earlier test is served, not even stale
  await new Promise((r) => setTimeout(r, 2)); // (an entry written in the same millisecond would count as dropped too)
});

const waits: Promise<unknown>[] = [];
const event = { waitUntil: (p: Promise<unknown>) => waits.push(p) } as unknown as NextFetchEvent;

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const request = new NextRequest(`http://127.0.0.1:3000${path}`, { method, headers: { host: "business.localhost:3000", ...headers } });
  const u = new URL(path, "http://x");
  const res = (await serveStoredAnswer(
    request,
    event,
    storableAnswer("business", u.pathname, u.searchParams)!,
    "business.localhost:3000",
  )) as NextResponse;
  return { res, body: await res.text() };
}

describe("stored answers", () => {
  it("is on where the server can render through itself and follows invalidations", () => {
    expect(storedAnswersEnabled()).toBe(true);
  });

  it("renders once, then serves the same bytes with a hash policy, an ETag, 304 and HEAD", async () => {
    const first = await get("/de/category/a");
    const second = await get("/de/category/a", { "user-agent": "someone else" });
    expect(renders).toEqual([{ path: "/de/category/a", renderId: expect.any(String) }]);
    expect(first.res.headers.get("x-pd-store")).toBe("miss");
    expect(second.res.headers.get("x-pd-store")).toBe("hit");
    expect(second.body).toBe(first.body);
    const csp = second.res.headers.get("content-security-policy")!;
    // Only the script the render wrote is allowed, and the stored bytes keep no nonce.
    const [ours, injected] = inlineScriptHashes(second.body, null);
    expect(csp).toContain(`script-src 'self' '${ours}';`);
    expect(csp).not.toContain(injected);
    expect(csp).not.toContain("nonce");
    expect(second.body).not.toContain("nonce=");
    expect(second.res.headers.get("date")).toBeNull();
    expect(second.res.headers.get("cache-control")).toBe("public, s-maxage=60");
    const etag = second.res.headers.get("etag")!;
    expect((await get("/de/category/a", { "if-none-match": etag })).res.status).toBe(304);
    const head = await get("/de/category/a", {}, "HEAD");
    expect(head.body).toBe("");
    expect(renders).toHaveLength(1);
  });

  it("renders with the site's configured host and nothing else of the reader's request", async () => {
    hostsSeen.clear();
    await get("/de/category/host", { host: "evil.example", cookie: "session=abc", accept: "text/x-component" });
    expect([...hostsSeen]).toEqual(["business.localhost:3000 "]);
  });

  it("a burst of first readers renders once: fifty at the same moment share one render", async () => {
    behaviour["/de/category/burst"] = { slowMs: 150 };
    const answers = await Promise.all(Array.from({ length: 50 }, () => get("/de/category/burst")));
    expect(renders).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it("a crawler's twenty distinct pages at once render at most four at a time", async () => {
    mostInRender = 0;
    for (let i = 0; i < 20; i++) behaviour[`/de/category/sweep-${i}`] = { slowMs: 40 };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get(`/de/category/sweep-${i}`)));
    expect(answers.every((a) => a.res.status === 200)).toBe(true);
    expect(renders).toHaveLength(20);
    expect(mostInRender).toBe(4);
  });

  it("drops the bytes when a tag of a read the render made is invalidated, and only then", async () => {
    behaviour["/de/pressemitteilung/x"] = { tags: ["release:business:de:x", "newsroom:7"] };
    await get("/de/pressemitteilung/x");
    tagTimes().set("portal:tech", Date.now() + 1);
    expect((await get("/de/pressemitteilung/x")).res.headers.get("x-pd-store")).toBe("hit");
    version += 1;
    tagTimes().set("newsroom:7", Date.now() + 1);
    const after = await get("/de/pressemitteilung/x");
    expect(after.res.headers.get("x-pd-store")).toBe("miss");
    expect(after.body).toContain(`v${version}`);
    expect(renders).toHaveLength(2);
  });

  it("an invalidation that arrives while the render reads drops what the render kept", async () => {
    behaviour["/de/category/race"] = { slowMs: 200 };
    const pending = get("/de/category/race");
    await new Promise((r) => setTimeout(r, 50));
    tagTimes().set("portal:business", Date.now());
    await pending;
    expect((await get("/de/category/race")).res.headers.get("x-pd-store")).toBe("miss");
  });

  it("serves again after the shortest read's refresh time", async () => {
    behaviour["/sitemap-news.xml"] = { revalidate: 1 };
    await get("/sitemap-news.xml");
    expect((await get("/sitemap-news.xml")).res.headers.get("x-pd-store")).toBe("hit");
    await new Promise((r) => setTimeout(r, 1100));
    expect((await get("/sitemap-news.xml")).res.headers.get("x-pd-store")).toBe("miss");
  });

  it("passes a 404 and an answer with a cookie on as they came, keeping neither", async () => {
    behaviour["/de/pressemitteilung/missing"] = { status: 404 };
    behaviour["/de/category/cookie"] = { headers: { "set-cookie": "s=1" } };
    for (const path of ["/de/pressemitteilung/missing", "/de/category/cookie"]) {
      const a = await get(path);
      const b = await get(path);
      expect(b.res.headers.get("x-pd-store")).toBe("pass");
      expect(b.res.headers.get("set-cookie")).toBeNull();
      expect(a.res.status).toBe(path.includes("missing") ? 404 : 200);
    }
    expect(renders).toHaveLength(4);
  });

  it("gives feeds and sitemaps a policy under which nothing runs", async () => {
    behaviour["/de/feed"] = { headers: { "content-type": "application/rss+xml; charset=utf-8" } };
    const feed = await get("/de/feed");
    expect(feed.res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(feed.body).toContain("<script nonce=");
  });

  it("the server's shortcut answers exactly what is stored, and leaves everything else to the middleware", async () => {
    const stored = await get("/de/category/fast");
    const host = getSiteHosts().business;
    const fast = fastStoredAnswer("GET", "/de/category/fast", { host })!;
    expect(fast.status).toBe(200);
    expect(Buffer.from(fast.body!).toString("utf8")).toBe(stored.body);
    expect(fast.headers["content-security-policy"]).toBe(stored.res.headers.get("content-security-policy"));
    expect(fastStoredAnswer("GET", "/de/category/fast", { host, "if-none-match": fast.headers.etag })!.status).toBe(304);
    expect(fastStoredAnswer("HEAD", "/de/category/fast", { host })!.body).toBeNull();
    for (const [method, url, headers] of [
      ["POST", "/de/category/fast", { host }],
      ["GET", "/de/category/fast?mv=abc", { host }],
      ["GET", "/de/category/fast", { host, rsc: "1" }],
      ["GET", "/de/category/never-stored", { host }],
      ["GET", "/de/category/fast", { host: getSiteHosts().tech }],
    ] as const) {
      expect(fastStoredAnswer(method, url, headers), `${method} ${url}`).toBeNull();
    }
    tagTimes().set("portal:business", Date.now() + 1);
    expect(fastStoredAnswer("GET", "/de/category/fast", { host })).toBeNull();
  });

  it("serves the kept bytes, marked stale, when the render after the refresh time answers 500", async () => {
    behaviour["/de/category/stale"] = { revalidate: 1 };
    const kept = await get("/de/category/stale");
    expect(kept.res.headers.get("x-pd-store")).toBe("miss");
    behaviour["/de/category/stale"] = { revalidate: 1, status: 500 };
    version += 1;
    await new Promise((r) => setTimeout(r, 1100));
    const stale = await get("/de/category/stale");
    expect(renders).toHaveLength(2);
    expect(stale.res.status).toBe(200);
    expect(stale.res.headers.get("x-pd-store")).toBe("stale");
    expect(stale.body).toBe(kept.body);
    expect(stale.res.headers.get("etag")).toBe(kept.res.headers.get("etag"));
    expect(stale.res.headers.get("content-security-policy")).toBe(kept.res.headers.get("content-security-policy"));
    // The failed answer was not kept. For a few seconds readers get the kept bytes without another render;
    // then the next reader tries the render again, and a good one replaces the bytes.
    behaviour["/de/category/stale"] = { revalidate: 60 };
    expect((await get("/de/category/stale")).res.headers.get("x-pd-store")).toBe("stale");
    expect(renders).toHaveLength(2);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6_000 });
    try {
      const fresh = await get("/de/category/stale");
      expect(fresh.res.headers.get("x-pd-store")).toBe("miss");
      expect(fresh.body).toContain(`v${version}`);
      expect(renders).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("serves the kept bytes, marked stale, when the render after the refresh time fails outright", async () => {
    behaviour["/de/category/stale-drop"] = { revalidate: 1 };
    const kept = await get("/de/category/stale-drop");
    behaviour["/de/category/stale-drop"] = { revalidate: 1, drop: true };
    await new Promise((r) => setTimeout(r, 1100));
    const stale = await get("/de/category/stale-drop");
    expect(renders).toHaveLength(2);
    expect(stale.res.status).toBe(200);
    expect(stale.res.headers.get("x-pd-store")).toBe("stale");
    expect(stale.body).toBe(kept.body);
  });

  it("never serves an invalidated answer stale: the reader gets the failing render's 500", async () => {
    behaviour["/de/pressemitteilung/gone-stale"] = { tags: ["release:business:de:gone-stale"], revalidate: 1 };
    const kept = await get("/de/pressemitteilung/gone-stale");
    behaviour["/de/pressemitteilung/gone-stale"] = { tags: ["release:business:de:gone-stale"], revalidate: 1, status: 500 };
    version += 1;
    await new Promise((r) => setTimeout(r, 1100));
    await invalidatePublicTags(db, ["release:business:de:gone-stale"]);
    await applyCommittedInvalidations();
    const after = await get("/de/pressemitteilung/gone-stale");
    expect(renders).toHaveLength(2);
    expect(after.res.status).toBe(500);
    expect(after.res.headers.get("x-pd-store")).toBe("pass");
    expect(after.body).not.toBe(kept.body);
    expect(after.body).toContain(`v${version}`);
  });

  it("never serves an invalidated answer stale: when the render fails outright there is no stored answer at all", async () => {
    behaviour["/de/category/gone-drop"] = { tags: ["portal:business"] };
    await get("/de/category/gone-drop");
    behaviour["/de/category/gone-drop"] = { drop: true };
    await invalidatePublicTags(db, ["portal:business"]);
    await applyCommittedInvalidations();
    const request = new NextRequest("http://127.0.0.1:3000/de/category/gone-drop", { headers: { host: "business.localhost:3000" } });
    const res = await serveStoredAnswer(
      request,
      event,
      storableAnswer("business", "/de/category/gone-drop", new URLSearchParams())!,
      "business.localhost:3000",
    );
    expect(renders).toHaveLength(2);
    // Null: the middleware renders this request itself, as where answers are not stored.
    expect(res).toBeNull();
  });

  it("serves a page a publication made incomplete as it was while its new render fails, and the new one once it works", async () => {
    behaviour["/de/category/published-since"] = { tags: ["portal:tech"], revalidate: 60 };
    const kept = await get("/de/category/published-since");
    behaviour["/de/category/published-since"] = { tags: ["portal:tech"], revalidate: 60, status: 500 };
    version += 1;
    await invalidatePublicTags(db, ["portal:tech"], { additive: true });
    await applyCommittedInvalidations();
    const during = await get("/de/category/published-since");
    expect(renders).toHaveLength(2);
    expect(during.res.status).toBe(200);
    expect(during.res.headers.get("x-pd-store")).toBe("stale");
    expect(during.body).toBe(kept.body);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6_000 });
    try {
      behaviour["/de/category/published-since"] = { tags: ["portal:tech"], revalidate: 60 };
      const after = await get("/de/category/published-since");
      expect(after.res.headers.get("x-pd-store")).toBe("miss");
      expect(after.body).toContain(`v${version}`);
    } finally {
      vi.useRealTimers();
    }
  });
});
