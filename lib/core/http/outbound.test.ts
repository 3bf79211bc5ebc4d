import { describe, expect, it } from "vitest";
import { checkOutboundUrl, isPublicAddress } from "./outbound";

// A customer enters the URL we will later POST to. They play the attacker: every trick below
// aims our server at itself, the cloud metadata endpoint or the office network behind it.
const STRICT = { allowLocalhost: false };
const LOCAL = { allowLocalhost: true };

describe("checkOutboundUrl", () => {
  it("takes a public https URL and hands back its normalized form", () => {
    expect(checkOutboundUrl("https://Example.com/hook?x=1", STRICT)).toEqual({ ok: true, url: "https://example.com/hook?x=1" });
    expect(checkOutboundUrl("https://example.com:8443", STRICT)).toEqual({ ok: true, url: "https://example.com:8443/" });
    expect(checkOutboundUrl("https://8.8.8.8/x", STRICT)).toEqual({ ok: true, url: "https://8.8.8.8/x" });
  });

  it.each([
    ["http://example.com/", "scheme"],
    ["ftp://example.com/", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["gopher://127.0.0.1:6379/_FLUSHALL", "scheme"],
    ["https://user:pw@example.com/", "credentials"],
    ["https://user@example.com/", "credentials"],
    ["https://:pw@example.com/", "credentials"],
    ["not a url", "invalid"],
    ["https://exa mple.com/", "invalid"],
    ["", "invalid"],
  ])("refuses %s as %s", (raw, reason) => {
    expect(checkOutboundUrl(raw, STRICT)).toMatchObject({ ok: false, reason });
  });

  it("refuses a URL past 2,000 characters and takes one at the limit", () => {
    const base = "https://example.com/";
    expect(checkOutboundUrl(base + "a".repeat(2_000 - base.length), STRICT).ok).toBe(true);
    expect(checkOutboundUrl(base + "a".repeat(2_001 - base.length), STRICT)).toMatchObject({ ok: false, reason: "too-long" });
  });

  it.each([
    "https://10.0.0.1/",
    "https://127.0.0.1/",
    "https://169.254.169.254/latest/meta-data/",
    "https://[::1]/",
    "https://[fc00::1]/",
    "https://[fd12::1]/",
    "https://[fe80::1]/",
    "https://[::ffff:10.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[::127.0.0.1]/",
    "https://[::]/",
    "https://0.0.0.0/",
    "https://0/",
    "http://2130706433/",
    "https://2130706433/",
    "https://0x7f.1/",
    "https://017700000001/",
    "https://127.0.0.1./",
    "https://192.168.1.1:8080/",
    "https://localhost/",
    "https://localhost./",
    "https://LOCALHOST/",
    "https://api.localhost/",
  ])("refuses %s as a private address", (raw) => {
    expect(checkOutboundUrl(raw, STRICT)).toMatchObject({ ok: false, reason: "private-address" });
  });

  it("takes http to localhost only when the policy allows it", () => {
    expect(checkOutboundUrl("http://localhost:3000/x", LOCAL)).toEqual({ ok: true, url: "http://localhost:3000/x" });
    expect(checkOutboundUrl("http://localhost:3000/x", STRICT).ok).toBe(false);
    expect(checkOutboundUrl("http://127.0.0.1:3000/x", LOCAL).ok).toBe(true);
    expect(checkOutboundUrl("http://[::1]:3000/x", LOCAL).ok).toBe(true);
    expect(checkOutboundUrl("https://localhost/", LOCAL).ok).toBe(true);
  });

  it("allows loopback only, never other private ranges, and no plain http elsewhere, even with allowLocalhost", () => {
    expect(checkOutboundUrl("https://10.0.0.1/", LOCAL)).toMatchObject({ ok: false, reason: "private-address" });
    expect(checkOutboundUrl("http://192.168.1.1/", LOCAL)).toMatchObject({ ok: false, reason: "private-address" });
    expect(checkOutboundUrl("https://169.254.169.254/", LOCAL)).toMatchObject({ ok: false, reason: "private-address" });
    expect(checkOutboundUrl("http://example.com/", LOCAL)).toMatchObject({ ok: false, reason: "scheme" });
    expect(checkOutboundUrl("http://8.8.8.8/", LOCAL)).toMatchObject({ ok: false, reason: "scheme" });
  });

  it("says what is wrong in a short English message", () => {
    const result = checkOutboundUrl("https://user:pw@example.com/", STRICT);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^[A-Z][^\n]{5,120}\.$/);
  });
});

describe("isPublicAddress", () => {
  it.each([
    ["10.0.0.1", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["192.168.1.1", false],
    ["100.64.0.1", false],
    ["169.254.169.254", false],
    ["127.0.0.1", false],
    ["127.1.2.3", false],
    ["0.0.0.0", false],
    ["0.1.2.3", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["192.0.2.1", false],
    ["198.18.0.1", false],
    ["240.0.0.1", false],
    ["::", false],
    ["::1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:169.254.169.254", false],
    ["::7f00:1", false],
    ["fc00::1", false],
    ["fd12::1", false],
    ["fe80::1", false],
    ["fe80::1%eth0", false],
    ["ff02::1", false],
    ["2001:db8::1", false],
    ["64:ff9b::a00:1", false],
    ["64:ff9b:1::a00:1", false],
    ["2002:a00:1::", false],
    ["2001::a00:1", false],
    ["100::1", false],
    ["2130706433", false],
    ["0x7f.1", false],
    ["localhost", false],
    ["", false],
    ["8.8.8.8", true],
    ["93.184.216.34", true],
    ["172.32.0.1", true],
    ["::ffff:8.8.8.8", true],
    ["2606:4700:4700::1111", true],
    ["2a00:1450:4001:82a::200e", true],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address, STRICT)).toBe(expected);
  });

  it("with allowLocalhost adds loopback and nothing else", () => {
    expect(isPublicAddress("127.0.0.1", LOCAL)).toBe(true);
    expect(isPublicAddress("127.8.9.10", LOCAL)).toBe(true);
    expect(isPublicAddress("::1", LOCAL)).toBe(true);
    expect(isPublicAddress("::ffff:127.0.0.1", LOCAL)).toBe(true);
    for (const address of ["10.0.0.1", "192.168.1.1", "169.254.169.254", "0.0.0.0", "::", "fc00::1", "fe80::1", "::ffff:10.0.0.1"]) {
      expect(isPublicAddress(address, LOCAL), address).toBe(false);
    }
  });
});
