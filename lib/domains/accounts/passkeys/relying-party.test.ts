import { describe, expect, it } from "vitest";
import { relyingPartyFromHosts } from "./relying-party";

describe("relying party", () => {
  it("is the hub: host without port as rp id, full origin with port", () => {
    const rp = relyingPartyFromHosts({
      hub: "hub.localhost:3000",
      business: "b.localhost:3000",
      tech: "t.localhost:3000",
      protocol: "http",
    });
    expect(rp).toEqual({ id: "hub.localhost", name: "Pressdesk", origin: "http://hub.localhost:3000" });
  });

  it("keeps a production origin without port", () => {
    const rp = relyingPartyFromHosts({
      hub: "www.pressdesk.example",
      business: "business.example",
      tech: "tech.example",
      protocol: "https",
    });
    expect(rp).toMatchObject({ id: "www.pressdesk.example", origin: "https://www.pressdesk.example" });
  });
});
