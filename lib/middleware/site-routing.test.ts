import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import type { SiteHosts } from "@/lib/sites";
import { routeBySite } from "./site-routing";

const hosts: SiteHosts = { hub: "hub.localhost:3000", business: "business.localhost:3000", tech: "tech.localhost:3000", protocol: "http" };

const rewrittenPath = (res: Response) => {
  const target = res.headers.get("x-middleware-rewrite");
  return target ? new URL(target).pathname : null;
};

function call(host: string, path: string, headers: Record<string, string> = {}) {
  return routeBySite(new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host, ...headers } }), hosts);
}

describe("routeBySite", () => {
  it("rewrites portal paths into the portal tree and passes site and edition", () => {
    const res = call("business.localhost:3000", "/en/feed");
    expect(rewrittenPath(res)).toBe("/portal/business/en/feed");
    expect(res.headers.get("x-middleware-request-x-pd-site")).toBe("business");
    expect(res.headers.get("x-middleware-request-x-pd-edition")).toBe("en");
  });

  it("rewrites hub paths into the hub tree, so internal prefixes are unreachable", () => {
    expect(rewrittenPath(call("hub.localhost:3000", "/"))).toMatch(/^\/hub\/?$/);
    expect(rewrittenPath(call("tech.localhost:3000", "/portal/business/de"))).toBe("/portal/tech/portal/business/de");
  });

  it("redirects a portal root to the preferred edition on the configured host", () => {
    const res = call("tech.localhost:3000", "/", { "accept-language": "en-GB,en;q=0.9" });
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("http://tech.localhost:3000/en");
    expect(res.headers.get("vary")).toBe("accept-language");
  });

  it("leaves host-independent paths alone", () => {
    for (const path of ["/api/v1/press-releases", "/service/pressreleases", "/health", "/csp-report"]) {
      expect(rewrittenPath(call("business.localhost:3000", path))).toBeNull();
    }
  });
});
