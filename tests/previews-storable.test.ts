import { NextRequest, NextResponse } from "next/server";
import { describe, expect, it } from "vitest";
import { routeBySite, type ServeStored } from "@/lib/adapters/public/site-routing";
import { storableAnswer } from "@/lib/adapters/public/stored-answers/storable";
import type { SiteHosts } from "@/lib/domains/sites";

// Previews never enter the stored-answer cache (docs/previews.md): their path is no storable
// answer on any host, so the middleware never serves or keeps one, and marks none public.

const hosts: SiteHosts = { hub: "hub.localhost:3000", business: "business.localhost:3000", tech: "tech.localhost:3000", protocol: "http" };
const TOKEN = "Ab3_-".repeat(8) + "xyz";
const PATHS = [`/vorschau/${TOKEN}`, `/vorschau/${TOKEN}/bild/12/0123456789abcdef-480.webp`];

describe("preview paths and the stored answers", () => {
  it("are not storable on the hub or a portal, with or without parameters", () => {
    for (const site of ["hub", "business", "tech"] as const)
      for (const path of PATHS)
        for (const query of ["", "utm_source=mail", "page=1"])
          expect(storableAnswer(site, path, new URLSearchParams(query)), `${site} ${path}?${query}`).toBeNull();
  });

  it("reach their route on the hub without the store being asked and without a public cache header", async () => {
    const asked: string[] = [];
    const serve: ServeStored = async (_req, storable) => {
      asked.push(storable.key);
      return new NextResponse("stored");
    };
    for (const path of PATHS) {
      const res = await routeBySite(
        new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host: hosts.hub } }),
        hosts,
        undefined,
        serve,
      );
      expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname).toBe(`/hub${path}`);
      expect(res.headers.get("cache-control")).toBeNull();
    }
    expect(asked).toEqual([]);
  });
});
