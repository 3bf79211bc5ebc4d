import { NextRequest, NextResponse } from "next/server";
import { describe, expect, it } from "vitest";
import type { SiteHosts } from "@/lib/domains/sites";
import { newRenderToken, RENDER_HEADER, renderNonce, verifiedRenderId } from "@/lib/adapters/public/stored-answers/render-facts";
import { routeBySite, type DecidePublicPath, type ServeStored } from "./site-routing";
import { READER_PAGE_POLICY } from "@/lib/adapters/public/reader-pages/policy";

const hosts: SiteHosts = { hub: "hub.localhost:3000", business: "business.localhost:3000", tech: "tech.localhost:3000", protocol: "http" };

const rewrittenPath = (res: Response) => {
  const target = res.headers.get("x-middleware-rewrite");
  return target ? new URL(target).pathname : null;
};

function call(host: string, path: string, headers: Record<string, string> = {}, decide?: DecidePublicPath) {
  return routeBySite(new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host, ...headers } }), hosts, decide);
}

describe("routeBySite", () => {
  it("rewrites portal paths into the portal tree and passes site and edition", async () => {
    const res = await call("business.localhost:3000", "/en/feed");
    expect(rewrittenPath(res)).toBe("/portal/business/en/feed");
    expect(res.headers.get("x-middleware-request-x-pd-site")).toBe("business");
    expect(res.headers.get("x-middleware-request-x-pd-edition")).toBe("en");
  });

  it("rewrites hub paths into the hub tree, so internal prefixes are unreachable", async () => {
    expect(rewrittenPath(await call("hub.localhost:3000", "/"))).toMatch(/^\/hub\/?$/);
    expect(rewrittenPath(await call("tech.localhost:3000", "/portal/business/de"))).toBe("/portal/tech/portal/business/de");
  });

  it("redirects a portal root to the preferred edition on the configured host", async () => {
    const res = await call("tech.localhost:3000", "/", { "accept-language": "en-GB,en;q=0.9" });
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("http://tech.localhost:3000/en");
    expect(res.headers.get("vary")).toBe("accept-language");
  });

  it("maps the sitemap index to its internal route, which Next would otherwise prerender", async () => {
    expect(rewrittenPath(await call("tech.localhost:3000", "/sitemap.xml"))).toBe("/portal/tech/sitemap-index");
    expect(rewrittenPath(await call("tech.localhost:3000", "/sitemap-news.xml"))).toBe("/portal/tech/sitemap-news.xml");
  });

  it("maps the hub's well-known receipt keys to a route folder without the dot", async () => {
    expect(rewrittenPath(await call("hub.localhost:3000", "/.well-known/receipt-keys.json"))).toBe("/hub/well-known/receipt-keys.json");
  });

  it("puts a fresh nonce into the Content-Security-Policy of a page Next renders; a reader page keeps its fixed policy", async () => {
    const a = await call("hub.localhost:3000", "/login");
    const b = await call("hub.localhost:3000", "/login");
    const csp = a.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("report-uri /csp-report");
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    // Reader pages are static markup: no nonce anywhere; the route sets the policy it answers with.
    for (const [host, path] of [
      ["business.localhost:3000", "/de"],
      ["tech.localhost:3000", "/en/search?q=x"],
      ["hub.localhost:3000", "/"],
    ]) {
      const reader = await call(host!, path!);
      expect(reader.headers.get("content-security-policy")).toBeNull();
      expect(reader.headers.get("x-middleware-request-content-security-policy")).toBe(READER_PAGE_POLICY);
    }
  });

  it("sends the portals' legal page addresses to the hub with 301", async () => {
    const res = await call("tech.localhost:3000", "/de/impressum");
    expect([res.status, res.headers.get("location")]).toEqual([301, "http://hub.localhost:3000/impressum"]);
    expect((await call("business.localhost:3000", "/en/privacy")).headers.get("location")).toBe("http://hub.localhost:3000/privacy");
  });

  it("sends HSTS with every answer, redirects and refusals too, only where the hosts speak https", async () => {
    const secure: SiteHosts = { ...hosts, protocol: "https" };
    const at = (host: string, path: string) => routeBySite(new NextRequest(`https://${host}${path}`, { headers: { host } }), secure);
    for (const res of [
      await at("business.localhost:3000", "/de"),
      await at("tech.localhost:3000", "/"),
      await at("hub.localhost:3000", "/%E0%A4%A"),
    ]) {
      expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    }
    expect((await call("business.localhost:3000", "/de")).headers.get("strict-transport-security")).toBeNull();
  });

  it("leaves host-independent paths alone", async () => {
    for (const path of ["/api/v1/press-releases", "/service/pressreleases", "/health", "/csp-report"]) {
      expect(rewrittenPath(await call("business.localhost:3000", path))).toBeNull();
    }
  });

  it("answers 410 for tombstoned releases and newsrooms, 301 for a merged newsroom's old slug", async () => {
    const decide: DecidePublicPath = async (_portal, subject) =>
      subject.slug === "gone-one" ? { status: 410 } : subject.slug === "old-name" ? { status: 301, slug: "new-name" } : null;
    const gone = await call("business.localhost:3000", "/de/pressemitteilung/gone-one", {}, decide);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("Nicht mehr verfügbar");
    expect((await call("tech.localhost:3000", "/en/newsroom/gone-one", {}, decide)).status).toBe(410);
    // A gone newsroom's feed is unavailable (404 from the feed route), not a 410 page.
    expect(rewrittenPath(await call("tech.localhost:3000", "/en/newsroom/gone-one/feed", {}, decide))).toBe(
      "/portal/tech/en/newsroom/gone-one/feed",
    );
    const moved = await call("business.localhost:3000", "/de/newsroom/old-name/feed?x=1", {}, decide);
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "http://business.localhost:3000/de/newsroom/new-name/feed?x=1"]);
    expect(rewrittenPath(await call("business.localhost:3000", "/de/pressemitteilung/alive", {}, decide))).toBe(
      "/portal/business/de/pressemitteilung/alive",
    );
    // The German segment on the English edition is not a release path.
    expect(rewrittenPath(await call("business.localhost:3000", "/en/pressemitteilung/gone-one", {}, decide))).toBe(
      "/portal/business/en/pressemitteilung/gone-one",
    );
  });

  it("answers 400 for malformed percent-encoding before Next decodes it: JSON on API paths, a small page elsewhere", async () => {
    for (const path of ["/api/v1/releases/%F2%88%88", "/service/pressreleases/%E0%A4%A"]) {
      const res = await call("hub.localhost:3000", path);
      expect([path, res.status, res.headers.get("content-type")]).toEqual([path, 400, "application/json"]);
      const body = await res.json();
      expect(body.error).toMatchObject({ code: "bad_request", requestId: expect.any(String) });
    }
    for (const [host, path] of [
      ["business.localhost:3000", "/de/pressemitteilung/%F2%88%88"],
      ["business.localhost:3000", "/%F2%88%88"],
      ["hub.localhost:3000", "/login/link/%"],
    ]) {
      const res = await call(host!, path!);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain("Ungültige Adresse");
    }
    // Encoded but well-formed paths go on as before.
    expect(rewrittenPath(await call("business.localhost:3000", "/de/pressemitteilung/gr%C3%BCn"))).toBe(
      "/portal/business/de/pressemitteilung/gr%C3%BCn",
    );
  });

  describe("stored answers", () => {
    const stored = () => {
      const asked: string[] = [];
      const serve: ServeStored = async (_req, storable) => {
        asked.push(storable.key);
        return new NextResponse("stored", { headers: { "x-pd-store": "hit" } });
      };
      return { asked, serve };
    };
    const withStore = (host: string, path: string, serve: ServeStored, headers: Record<string, string> = {}, decide?: DecidePublicPath) =>
      routeBySite(new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host, ...headers } }), hosts, decide, serve);

    it("serves a reader's public page from the store, keyed without parameters the page does not read", async () => {
      const { asked, serve } = stored();
      expect(await (await withStore("business.localhost:3000", "/de/pressemitteilung/a?utm_source=x", serve)).text()).toBe("stored");
      expect(await (await withStore("hub.localhost:3000", "/impressum", serve)).text()).toBe("stored");
      expect(asked).toEqual(["business:/de/pressemitteilung/a", "hub:/impressum"]);
    });

    it("renders a search, an RSC request, a post and a tombstone as before, never from the store", async () => {
      const { asked, serve } = stored();
      const search = await withStore("business.localhost:3000", "/de/newsroom?q=nord", serve);
      expect(rewrittenPath(search)).toBe("/portal/business/de/newsroom");
      // A page the store does not keep is the reader's own: no shared cache may keep it.
      expect(search.headers.get("x-middleware-request-content-security-policy")).toBe(READER_PAGE_POLICY);
      expect(search.headers.get("cache-control")).toBe("private, no-store");
      expect(rewrittenPath(await withStore("business.localhost:3000", "/de", serve, { rsc: "1" }))).toBe("/portal/business/de");
      const gone = await withStore("business.localhost:3000", "/de/pressemitteilung/weg", serve, {}, async () => ({ status: 410 }));
      expect(gone.status).toBe(410);
      expect(asked).toEqual([]);
    });

    it("lets a signed store render through without a nonce, and ignores a stranger's render header", async () => {
      const { asked, serve } = stored();
      const { token } = newRenderToken();
      const { id, token: fresh } = newRenderToken();
      const render = await withStore("business.localhost:3000", "/de/feed", serve, {
        [RENDER_HEADER]: fresh,
        "content-security-policy": "x",
      });
      expect(rewrittenPath(render)).toBe("/portal/business/de/feed");
      // Next puts the render's nonce on the scripts it writes; the store sets the answer's policy.
      expect(render.headers.get("content-security-policy")).toBeNull();
      expect(render.headers.get("x-middleware-request-content-security-policy")).toContain(`'nonce-${renderNonce(id)}'`);
      expect(verifiedRenderId(token, Date.now() + 31_000)).toBeNull();
      expect(render.headers.get(`x-middleware-request-${RENDER_HEADER}`)).toBe(fresh);

      const forged = await withStore("business.localhost:3000", "/de/feed", serve, { [RENDER_HEADER]: `${token.split(".")[0]}.forged` });
      expect(await forged.text()).toBe("stored");
      expect(asked).toEqual(["business:/de/feed"]);
      const forgedSearch = await withStore("business.localhost:3000", "/de/newsroom?q=x", serve, { [RENDER_HEADER]: "abc.def" });
      expect(forgedSearch.headers.get("x-middleware-request-content-security-policy")).toBe(READER_PAGE_POLICY);
      expect(forgedSearch.headers.get(`x-middleware-request-${RENDER_HEADER}`)).toBeNull();
    });
  });
});
