import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { GET as keyFile } from "@/app/portal/[portal]/indexnow-key.txt/route";
import { GET as portalHome } from "@/app/portal/[portal]/[edition]/route";
import { routeBySite } from "@/lib/adapters/public/site-routing";
import { indexNowKey, INDEXNOW_KEY_PATH } from "@/lib/adapters/public/seo/indexnow/indexnow-key";
import { setLimits } from "@/tests/limits";

// The IndexNow key file per portal host, through the route handler and the middleware's
// rewrite by Host, written as the attacker too: what a stranger's Host, query or path gets.

afterEach(() => setLimits({ INDEXNOW_KEY: undefined }));

describe("the IndexNow key file", () => {
  const hosts = { hub: "hub.localhost:3000", business: "business.localhost:3000", tech: "tech.localhost:3000", protocol: "http" as const };
  const get = (portal: string) => keyFile(new Request(`http://127.0.0.1/x`), { params: Promise.resolve({ portal }) });
  const rewritten = async (host: string, path: string) => {
    const res = await routeBySite(new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host } }), hosts);
    const target = res.headers.get("x-middleware-rewrite");
    return target ? new URL(target).pathname : null;
  };

  it("serves each portal's key as text; INDEXNOW_KEY replaces the derived keys", async () => {
    const business = await get("business");
    expect([business.status, business.headers.get("content-type"), await business.text()]).toEqual([
      200,
      "text/plain; charset=utf-8",
      indexNowKey("business"),
    ]);
    expect(await (await get("tech")).text()).toBe(indexNowKey("tech"));
    expect(indexNowKey("business")).toMatch(/^[a-f0-9]{32}$/);
    expect(indexNowKey("business")).not.toBe(indexNowKey("tech"));
    setLimits({ INDEXNOW_KEY: "Pressdesk-Key-2026" });
    expect(await (await get("tech")).text()).toBe("Pressdesk-Key-2026");
  });

  it("as an attacker: Host decides the portal, a query or an internal path cannot pick another, and other paths are no key file", async () => {
    expect(await rewritten("business.localhost:3000", INDEXNOW_KEY_PATH)).toBe("/portal/business/indexnow-key.txt");
    expect(await rewritten("tech.localhost:3000", `${INDEXNOW_KEY_PATH}?portal=business`)).toBe("/portal/tech/indexnow-key.txt");
    // The internal prefix is part of the public path: no route answers it.
    expect(await rewritten("tech.localhost:3000", "/portal/business/indexnow-key.txt")).toBe(
      "/portal/tech/portal/business/indexnow-key.txt",
    );
    // The hub and unknown hosts have no key file (the hub tree has no such route).
    expect(await rewritten("hub.localhost:3000", INDEXNOW_KEY_PATH)).toBe("/hub/indexnow-key.txt");
    expect(await rewritten("evil.example", INDEXNOW_KEY_PATH)).toBe("/hub/indexnow-key.txt");
    // Any other .txt path, the key's own name included, lands on the edition page, which answers 404.
    const wrong = `/${indexNowKey("business")}.txt`;
    expect(await rewritten("business.localhost:3000", wrong)).toBe(`/portal/business${wrong}`);
    const page = await portalHome(new Request("http://business.localhost:3000/x"), {
      params: Promise.resolve({ portal: "business", edition: wrong.slice(1) }),
    });
    expect(page.status).toBe(404);
    // The route itself answers only for a portal.
    for (const portal of ["hub", "portal", "../business", "business/../tech", ""]) expect((await get(portal)).status).toBe(404);
  });
});
