import { describe, expect, it } from "vitest";
import { assertSameOrigin } from "./session-route";

// The hub's own POST route handlers (image upload, evidence) as a forging site would call them.

const post = (headers: Record<string, string>) =>
  new Request("http://hub.localhost:3000/dashboard/releases/1/images/upload", {
    method: "POST",
    headers: { host: "hub.localhost:3000", ...headers },
  });

describe("assertSameOrigin", () => {
  it("lets the hub's own pages through", () => {
    expect(() => assertSameOrigin(post({ origin: "http://hub.localhost:3000" }))).not.toThrow();
    expect(() => assertSameOrigin(post({ "sec-fetch-site": "same-origin" }))).not.toThrow();
  });

  it("refuses another site, a portal, a malformed or missing origin, as forged_request", () => {
    for (const headers of <Record<string, string>[]>[
      { origin: "https://evil.example" },
      { origin: "http://business.localhost:3000" },
      { origin: "null" },
      { origin: "http://hub.localhost:3000.evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      {},
    ]) {
      expect(() => assertSameOrigin(post(headers)), JSON.stringify(headers)).toThrow(expect.objectContaining({ code: "forged_request" }));
    }
  });
});
