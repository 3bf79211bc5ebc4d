import { NextRequest, type NextFetchEvent, type NextResponse } from "next/server";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as home } from "@/app/portal/[portal]/[edition]/route";
import { GET as releasePage } from "@/app/portal/[portal]/[edition]/pressemitteilung/[slug]/route";
import { GET as searchPage } from "@/app/portal/[portal]/[edition]/suche/route";
import { applyCommittedInvalidations, markPublicCacheActive } from "@/lib/adapters/public/invalidation-poller";
import { READER_PAGE_POLICY } from "@/lib/adapters/public/reader-pages/policy";
import { routeBySite, type ServeStored } from "@/lib/adapters/public/site-routing";
import {
  newRenderToken,
  noteRenderFacts,
  RENDER_HEADER,
  signedStoreKey,
  STORE_KEY_HEADER,
} from "@/lib/adapters/public/stored-answers/render-facts";
import { keptByRoute } from "@/lib/adapters/public/stored-answers/route-keeps";
import { ready, serveStoredAnswer } from "@/lib/adapters/public/stored-answers/serve";
import { removalTimes, tagTimes } from "@/lib/core/cache/next-cache-handler.mjs";
import { db } from "@/lib/core/db/client";
import { getSiteHosts } from "@/lib/domains/sites";
import { invalidatePublicTags, releaseTag } from "@/lib/domains/sites/public-tags";
import { seedCompany, seedRelease } from "@/tests/factories";

// Where the server cannot render through itself (`next start`, Vercel: no PD_INTERNAL_ORIGIN), a
// reader page's route keeps its own bytes and the middleware serves them to every later reader.

const waits: Promise<unknown>[] = [];
const event = { waitUntil: (p: Promise<unknown>) => waits.push(p) } as unknown as NextFetchEvent;
const serveStored: ServeStored = (req, storable, host, canKeep) => serveStoredAnswer(req, event, storable, host, canKeep);
const host = () => getSiteHosts().business;

beforeAll(() => {
  delete process.env.PD_INTERNAL_ORIGIN;
  markPublicCacheActive();
});

beforeEach(async () => {
  for (const times of [tagTimes(), removalTimes()]) times.set("public", Date.now());
  await new Promise((r) => setTimeout(r, 2));
});

/** The middleware's answer for a reader's request. */
const middleware = (path: string, headers: Record<string, string> = {}) =>
  routeBySite(
    new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host: host(), ...headers } }),
    getSiteHosts(),
    undefined,
    serveStored,
  );

/** The request the route receives after the middleware's rewrite: the headers it set. */
function rewrittenHeaders(response: NextResponse): Headers {
  const headers = new Headers();
  for (const name of response.headers.get("x-middleware-override-headers")?.split(",") ?? [])
    headers.set(name, response.headers.get(`x-middleware-request-${name}`) ?? "");
  return headers;
}

async function visitRelease(slug: string, headers: Headers) {
  const res = await releasePage(new Request(`http://${host()}/de/pressemitteilung/${slug}`, { headers }), {
    params: Promise.resolve({ portal: "business", edition: "de", slug }),
  });
  return { res, html: await res.text() };
}

async function liveRelease(title: string) {
  const company = await seedCompany({ name: `${title} AG` });
  const at = new Date(Date.now() - 60_000);
  return seedRelease({ companyId: company.id, status: "published", publishedAt: at, publishedEverAt: at, title });
}

describe("reader pages keep their own bytes where the server cannot render through itself", () => {
  it("the first reader's request renders and keeps; every later one is served by the middleware from the same bytes", async () => {
    const release = await liveRelease("Selbst gespeichert");
    const path = `/de/pressemitteilung/${release.slug}`;
    const first = await middleware(path);
    expect(first.headers.get("x-middleware-rewrite")).toContain(`/portal/business/de/pressemitteilung/${release.slug}`);
    const sent = rewrittenHeaders(first);
    expect(sent.get(RENDER_HEADER)).toBeTruthy();
    expect(sent.get(STORE_KEY_HEADER)).toBeTruthy();
    // The route says itself how it may be kept: public, like the bytes it keeps.
    expect(first.headers.get("cache-control")).toBeNull();

    const rendered = await visitRelease(release.slug, sent);
    expect([rendered.res.status, rendered.res.headers.get("x-pd-store")]).toEqual([200, "miss"]);

    const second = await middleware(path, { "user-agent": "another reader" });
    expect(second.headers.get("x-pd-store")).toBe("hit");
    expect(await second.text()).toBe(rendered.html);
    expect(second.headers.get("content-security-policy")).toBe(READER_PAGE_POLICY);
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const etag = second.headers.get("etag")!;
    expect((await middleware(path, { "if-none-match": etag })).status).toBe(304);
  });

  it("a change to the release drops the bytes within the poll: the next reader's request renders again", async () => {
    const release = await liveRelease("Bald korrigiert");
    const path = `/de/pressemitteilung/${release.slug}`;
    await visitRelease(release.slug, rewrittenHeaders(await middleware(path)));
    expect((await middleware(path)).headers.get("x-pd-store")).toBe("hit");

    await db.pressRelease.update({ where: { id: release.id }, data: { title: "Korrigierter Titel" } });
    await invalidatePublicTags(db, [releaseTag("business", "de", release.slug)]);
    await applyCommittedInvalidations();
    const again = await middleware(path);
    expect(again.headers.get("x-middleware-rewrite")).toBeTruthy();
    const rendered = await visitRelease(release.slug, rewrittenHeaders(again));
    expect(rendered.res.headers.get("x-pd-store")).toBe("miss");
    expect(rendered.html).toContain("Korrigierter Titel");
    const served = await middleware(path);
    expect(served.headers.get("x-pd-store")).toBe("hit");
    expect(await served.text()).toContain("Korrigierter Titel");
  });

  it("as an attacker: the route renders the stored path, not the reader's query (Next hands a route the reader's own), so a parameter the key leaves out shapes nothing", async () => {
    await liveRelease("Startseite");
    const { id, token } = newRenderToken();
    const key = "answer:business:/de";
    // The reader asked for page 2 and more; the key is the front page's first page.
    const request = new Request(`http://${host()}/de?page=2&utm_source=x`, {
      headers: { [RENDER_HEADER]: token, [STORE_KEY_HEADER]: signedStoreKey(id, key), cookie: "session=abc" },
    });
    const res = await home(request, { params: Promise.resolve({ portal: "business", edition: "de" }) });
    expect([res.status, res.headers.get("x-pd-store")]).toEqual([200, "miss"]);
    const kept = ready.get(key)!.body;
    expect(kept).toContain(`<link rel="canonical" href="https://${host()}/de"/>`);
    expect(kept).not.toContain("page=2");
  });

  it("a burst of first readers of one page renders it once", async () => {
    const { id, token } = newRenderToken();
    const key = `answer:business:/de/pressemitteilung/once-${Date.now()}`;
    let renders = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        keptByRoute(
          new Request(`http://${host()}/x`, { headers: { [RENDER_HEADER]: token, [STORE_KEY_HEADER]: signedStoreKey(id, key) } }),
          async () => {
            renders++;
            await new Promise((r) => setTimeout(r, 50));
            return new Response("<p>einmal</p>", {
              headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, s-maxage=60" },
            });
          },
        ),
      ),
    );
    expect(renders).toBe(1);
    expect(await Promise.all(answers.map((a) => a.text()))).toEqual(Array(20).fill("<p>einmal</p>"));
  });

  it("as an attacker: a store key of one's own, or a real render id with another key, keeps nothing", async () => {
    const release = await liveRelease("Nicht fälschbar");
    const victim = `/de/pressemitteilung/${release.slug}`;
    const storeKey = `answer:business:${victim}`;
    // Headers a reader sends are removed by the middleware before the route sees them.
    const forged = await middleware(`/de/suche?q=x`, { [STORE_KEY_HEADER]: "forged", [RENDER_HEADER]: "a.b.c" });
    expect(rewrittenHeaders(forged).get(STORE_KEY_HEADER)).toBeNull();
    expect(rewrittenHeaders(forged).get(RENDER_HEADER)).toBeNull();

    // Straight at the route: an unsigned key, and a key signed for another render id.
    const { id, token } = newRenderToken();
    const other = newRenderToken();
    for (const headers of <Record<string, string>[]>[
      { [RENDER_HEADER]: token, [STORE_KEY_HEADER]: `${Buffer.from(storeKey).toString("base64url")}.forged` },
      { [RENDER_HEADER]: token, [STORE_KEY_HEADER]: signedStoreKey(other.id, storeKey) },
      { [STORE_KEY_HEADER]: signedStoreKey(id, storeKey) },
    ]) {
      const res = await visitRelease(release.slug, new Headers(headers));
      expect(res.res.status).toBe(200);
      expect(res.res.headers.get("x-pd-store")).toBeNull();
    }
    expect(ready.get(storeKey)).toBeUndefined();
  });

  it("a search is never kept, and the middleware marks it as the reader's own", async () => {
    const res = await middleware("/de/suche?q=wasser");
    expect(rewrittenHeaders(res).get(STORE_KEY_HEADER)).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { id, token } = newRenderToken();
    // Even with a valid key (only the middleware could make one) the route does not keep a reader's own answer.
    const key = "answer:business:/de/suche?q=wasser";
    const searched = await searchPage(
      new Request(`http://${host()}/de/suche?q=wasser`, {
        headers: { [RENDER_HEADER]: token, [STORE_KEY_HEADER]: signedStoreKey(id, key) },
      }),
      { params: Promise.resolve({ portal: "business", edition: "de" }) },
    );
    expect(searched.headers.get("x-pd-store")).toBe("pass");
    expect(ready.get(key)).toBeUndefined();
  });

  it("a crawler's burst of distinct pages renders at most four at once in the process; every page is still answered and kept", async () => {
    let inRender = 0;
    let most = 0;
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const { id, token } = newRenderToken();
        const key = `answer:business:/de/pressemitteilung/burst-${i}-${Date.now()}`;
        const request = new Request(`http://${host()}/x`, {
          headers: { [RENDER_HEADER]: token, [STORE_KEY_HEADER]: signedStoreKey(id, key) },
        });
        const res = await keptByRoute(request, async () => {
          most = Math.max(most, ++inRender);
          await new Promise((r) => setTimeout(r, 30));
          inRender--;
          return new Response(`<p>${i}</p>`, {
            headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, s-maxage=60" },
          });
        });
        return { state: res.headers.get("x-pd-store"), kept: ready.get(key)?.body };
      }),
    );
    expect(most).toBe(4);
    expect(answers.map((a) => a.state)).toEqual(Array(12).fill("miss"));
    expect(answers.map((a) => a.kept)).toEqual(Array.from({ length: 12 }, (_, i) => `<p>${i}</p>`));
  });

  it("while the render fails (the database away), readers get the kept bytes marked stale; a good render replaces them", async () => {
    const slug = `stale-${Date.now()}`;
    const path = `/de/pressemitteilung/${slug}`;
    const key = `answer:business:${path}`;
    const visit = (render: () => Promise<Response>) => {
      const { id, token } = newRenderToken();
      return keptByRoute(
        new Request(`http://${host()}${path}`, { headers: { [RENDER_HEADER]: token, [STORE_KEY_HEADER]: signedStoreKey(id, key) } }),
        render,
      );
    };
    const page = (text: string) => async () => {
      await noteRenderFacts({ tags: [releaseTag("business", "de", slug)], revalidate: 1 });
      return new Response(text, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, s-maxage=60" } });
    };
    expect((await visit(page("<p>v1</p>"))).headers.get("x-pd-store")).toBe("miss");
    await new Promise((r) => setTimeout(r, 1100)); // past its refresh time
    for (const failing of [async () => Promise.reject(new Error("database away")), async () => new Response("kaputt", { status: 500 })]) {
      const stale = await visit(failing);
      expect([stale.status, stale.headers.get("x-pd-store"), await stale.text()]).toEqual([200, "stale", "<p>v1</p>"]);
    }
    // For a few seconds the middleware serves the kept bytes without sending anyone to the route.
    const served = await middleware(path);
    expect([served.headers.get("x-pd-store"), await served.text()]).toEqual(["stale", "<p>v1</p>"]);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6_000 });
    try {
      expect((await middleware(path)).headers.get("x-middleware-rewrite")).toBeTruthy();
      expect((await visit(page("<p>v2</p>"))).headers.get("x-pd-store")).toBe("miss");
      expect(ready.get(key)?.body).toBe("<p>v2</p>");
    } finally {
      vi.useRealTimers();
    }
    // A failure with nothing kept is passed on as it came.
    const { id, token } = newRenderToken();
    const fresh = new Request(`http://${host()}/x`, {
      headers: {
        [RENDER_HEADER]: token,
        [STORE_KEY_HEADER]: signedStoreKey(id, `answer:business:/de/pressemitteilung/never-${Date.now()}`),
      },
    });
    expect((await keptByRoute(fresh, async () => new Response("kaputt", { status: 500 }))).status).toBe(500);
  });

  it("a missing page is passed on, not kept", async () => {
    const path = "/de/pressemitteilung/gibt-es-nicht";
    const res = await visitRelease("gibt-es-nicht", rewrittenHeaders(await middleware(path)));
    expect([res.res.status, res.res.headers.get("x-pd-store")]).toEqual([404, "pass"]);
    expect((await middleware(path)).headers.get("x-middleware-rewrite")).toBeTruthy();
  });
});
