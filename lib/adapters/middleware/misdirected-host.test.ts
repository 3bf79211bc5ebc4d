import { NextRequest, type NextFetchEvent } from "next/server";
import { describe, expect, it } from "vitest";
import { readSiteHosts } from "@/lib/core/config/sites-env";
import { middleware } from "@/middleware";
import type { SiteHosts } from "@/lib/domains/sites";
import { routeBySite } from "@/lib/adapters/public/site-routing";

// DNS rebinding as the attacker does it: a page on evil.example, whose name now resolves to
// 127.0.0.1, asks this machine's server for the local mailbox (login links) or posts to the
// webhook. The browser sends the attacker's name as Host, which no site of ours carries.

const event = { waitUntil: () => undefined } as unknown as NextFetchEvent;
const local: SiteHosts = {
  hub: "hub.localhost:3000",
  business: "business.localhost:3000",
  tech: "tech.localhost:3000",
  protocol: "http",
  refuseUnknownHosts: true,
};
const strict: SiteHosts = {
  hub: "presse.example.com",
  business: "business.example.com",
  tech: "tech.example.com",
  protocol: "https",
  refuseUnknownHosts: false,
};

const request = (host: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  new NextRequest(`http://127.0.0.1:3000${path}`, { method: init.method ?? "GET", headers: { host, ...init.headers }, body: init.body });
const rewrittenPath = (res: Response) => {
  const target = res.headers.get("x-middleware-rewrite");
  return target ? new URL(target).pathname : null;
};

describe("a Host that names none of our sites", () => {
  it("gets 421 from the server's own middleware outside strict mode, for the mailbox, the webhook and every page", async () => {
    expect(readSiteHosts(process.env).refuseUnknownHosts).toBe(true);
    for (const [path, method] of [
      ["/dev/mailbox", "GET"],
      ["/dev/mailbox/3", "GET"],
      ["/checkout/local/cs_local_3312f163c0997c33e3b123cf", "GET"],
      ["/api/webhooks/stripe", "POST"],
      ["/login", "GET"],
      ["/api/v1/releases", "GET"],
    ] as const) {
      const res = await middleware(request("evil.example:3000", path, { method, ...(method === "POST" ? { body: "{}" } : {}) }), event);
      expect([path, res.status]).toEqual([path, 421]);
      expect(rewrittenPath(res)).toBeNull();
      // API clients get the documented JSON error, browsers a bare German page; neither any of ours.
      if (path.startsWith("/api/")) {
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect((await res.json()).error).toMatchObject({ code: "misdirected_request", requestId: expect.any(String) });
      } else {
        expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
        const html = await res.text();
        expect(html).toContain('<html lang="de">');
        expect(html).toContain("Falsche Adresse");
        expect(html).not.toMatch(/<script|Postfach|Misdirected/);
      }
    }
  });

  it("still reaches the hub under a loopback name (health probes, the test runner's readiness check), but never the local stand-ins", async () => {
    for (const host of ["127.0.0.1:3000", "[::1]:3000", "localhost:3000"]) {
      expect(rewrittenPath(await routeBySite(request(host, "/"), local))).toMatch(/^\/hub\/?$/);
      expect((await routeBySite(request(host, "/dev/mailbox"), local)).status).toBe(421);
      expect((await routeBySite(request(host, "/checkout/local/cs_local_3312f163c0997c33e3b123cf"), local)).status).toBe(421);
    }
    expect((await routeBySite(request("127.0.0.1:3000", "/health"), local)).status).toBe(200);
  });

  it("leaves the configured names alone: the mailbox and the test checkout answer on the hub only", async () => {
    expect(rewrittenPath(await routeBySite(request("hub.localhost:3000", "/dev/mailbox"), local))).toBe("/hub/dev/mailbox");
    expect(rewrittenPath(await routeBySite(request("Hub.Localhost:3000", "/checkout/local/portal"), local))).toBe(
      "/hub/checkout/local/portal",
    );
    expect(rewrittenPath(await routeBySite(request("business.localhost:3000", "/de"), local))).toBe("/portal/business/de");
    expect((await routeBySite(request("business.localhost:3000", "/dev/mailbox"), local)).status).toBe(421);
    // Only whole segments: a portal path that merely starts with the letters is a page like any other.
    expect(rewrittenPath(await routeBySite(request("business.localhost:3000", "/developer"), local))).toBe("/portal/business/developer");
  });

  it("with PORT changed and no SITE_* hosts, the default names carry that port: the hub's mailbox and the portals answer there", async () => {
    const hosts = readSiteHosts({ PORT: "3200" });
    expect([hosts.hub, hosts.business, hosts.tech]).toEqual(["hub.localhost:3200", "business.localhost:3200", "tech.localhost:3200"]);
    expect(rewrittenPath(await routeBySite(request("hub.localhost:3200", "/dev/mailbox"), hosts))).toBe("/hub/dev/mailbox");
    expect(rewrittenPath(await routeBySite(request("business.localhost:3200", "/de"), hosts))).toBe("/portal/business/de");
    // The old port is a foreign name now.
    expect((await routeBySite(request("hub.localhost:3000", "/dev/mailbox"), hosts)).status).toBe(421);
    expect(readSiteHosts({ PORT: "not a port" }).hub).toBe("hub.localhost:3000");
  });

  it("is served the hub in strict mode (load balancers and platform names reach it), never a local stand-in", async () => {
    expect(readSiteHosts({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/app" }).refuseUnknownHosts).toBe(false);
    expect(rewrittenPath(await routeBySite(request("10.0.0.5:3000", "/login"), strict))).toBe("/hub/login");
    expect((await routeBySite(request("10.0.0.5:3000", "/dev/mailbox"), strict)).status).toBe(421);
    expect((await routeBySite(request("presse.example.com", "/dev/mailbox"), strict)).status).not.toBe(421);
  });
});
