import { NextRequest, type NextFetchEvent } from "next/server";
import { describe, expect, it } from "vitest";
import { middleware } from "@/middleware";

// CSRF against a server action as the attacker sends it: a page on another origin posts to one of
// our pages with the action's id (fetch) or as a plain multipart form. Next refuses to run it but
// answers 500; the middleware answers 400 before Next sees it.

const event = { waitUntil: () => undefined } as unknown as NextFetchEvent;
const HUB = "hub.localhost:3000";

function post(path: string, headers: Record<string, string>, host = HUB) {
  return middleware(new NextRequest(`http://127.0.0.1:3000${path}`, { method: "POST", headers: { host, ...headers }, body: "[]" }), event);
}
const rewritten = (res: Response) => res.headers.get("x-middleware-rewrite") !== null;

describe("a server action called from another origin", () => {
  it("answers 400 forged_request as JSON, for a fetch action and a multipart form", async () => {
    const attempts: Record<string, string>[] = [
      { "next-action": "7f".repeat(21), "content-type": "text/plain;charset=UTF-8", origin: "https://evil.example" },
      { "next-action": "7f".repeat(21), "content-type": "text/plain;charset=UTF-8", origin: "null" },
      // Another of our own sites is another origin too.
      { "next-action": "7f".repeat(21), "content-type": "text/plain;charset=UTF-8", origin: "http://business.localhost:3000" },
      { "content-type": "multipart/form-data; boundary=x", origin: "https://evil.example" },
      { "next-action": "7f".repeat(21), origin: "not a url" },
    ];
    for (const headers of attempts) {
      const res = await post("/dashboard/security", headers);
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(rewritten(res)).toBe(false);
      const body = (await res.json()) as { error: { code: string; requestId: string } };
      expect(body.error).toMatchObject({ code: "forged_request", requestId: expect.any(String) });
    }
  });

  it("lets the hub's own pages through, and what Next itself lets through", async () => {
    expect(rewritten(await post("/dashboard/security", { "next-action": "7f".repeat(21), origin: `http://${HUB}` }))).toBe(true);
    // Behind a proxy that names the public host, as Next compares it.
    expect(
      rewritten(
        await post("/dashboard/security", {
          "next-action": "7f".repeat(21),
          origin: "https://presse.example.com",
          "x-forwarded-host": "presse.example.com",
        }),
      ),
    ).toBe(true);
    // No Origin: a hand-made request (Next runs it; it carries no one's cookies).
    expect(rewritten(await post("/login", { "next-action": "7f".repeat(21) }))).toBe(true);
    // A cross-origin POST that is no action (a JSON share call on a portal) is the route's business.
    expect(
      rewritten(
        await post(
          "/press-release/x/share",
          { "content-type": "application/json", origin: "https://evil.example" },
          "business.localhost:3000",
        ),
      ),
    ).toBe(true);
    // APIs take bearer tokens from any origin; their own checks apply.
    expect(
      (await post("/api/v1/releases/1/images", { "content-type": "multipart/form-data; boundary=x", origin: "https://evil.example" }))
        .status,
    ).toBe(200);
  });
});
