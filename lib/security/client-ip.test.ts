import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { clientAddressOf, normalizeAddress, PEER_ADDRESS_HEADER, UNKNOWN_ADDRESS } from "./client-ip";

// The trust model, as the attacker meets it: every header a client can send is tried against
// every configuration; only what the service's own server or a trusted proxy wrote counts.

const trust = (env: Record<string, string> = {}) => loadConfig(env).security.clientAddress;
const req = (h: Record<string, string>) => new Headers(h);
const SPOOF = { "x-forwarded-for": "6.6.6.6", "x-real-ip": "7.7.7.7", "x-vercel-forwarded-for": "8.8.8.8" };

describe("the client's address", () => {
  it("is the connection's own address when no proxy is trusted, whatever the client claims", () => {
    expect(clientAddressOf(req({ ...SPOOF, [PEER_ADDRESS_HEADER]: "203.0.113.5" }), trust())).toBe("203.0.113.5");
    expect(clientAddressOf(req({ [PEER_ADDRESS_HEADER]: "::ffff:203.0.113.5" }), trust())).toBe("203.0.113.5");
  });

  it("is unknown, not the client's word, when the service's server did not stamp the connection", () => {
    expect(clientAddressOf(req(SPOOF), trust())).toBe(UNKNOWN_ADDRESS);
  });

  it("behind one proxy that overwrites X-Forwarded-For: its value", () => {
    expect(clientAddressOf(req({ "x-forwarded-for": "198.51.100.7", [PEER_ADDRESS_HEADER]: "10.0.0.2" }), trust({ TRUSTED_PROXY_HOPS: "1" }))).toBe("198.51.100.7");
  });

  it("behind one proxy that appends: the entry it appended, not what the client put before it", () => {
    const appended = req({ "x-forwarded-for": "6.6.6.6, 9.9.9.9, 198.51.100.7", [PEER_ADDRESS_HEADER]: "10.0.0.2" });
    expect(clientAddressOf(appended, trust({ TRUSTED_PROXY_HOPS: "1" }))).toBe("198.51.100.7");
    // Two proxies: one further left.
    expect(clientAddressOf(req({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.9", [PEER_ADDRESS_HEADER]: "10.0.0.2" }), trust({ TRUSTED_PROXY_HOPS: "2" }))).toBe("198.51.100.7");
  });

  it("with proxy ranges: the right-most address that is not a proxy", () => {
    const t = trust({ TRUSTED_PROXY_RANGES: "10.0.0.0/8, 2001:db8::/32" });
    expect(clientAddressOf(req({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.1.2.3", [PEER_ADDRESS_HEADER]: "2001:db8::1" }), t)).toBe("198.51.100.7");
    // A client connecting directly is itself the right-most untrusted address.
    expect(clientAddressOf(req({ "x-forwarded-for": "6.6.6.6", [PEER_ADDRESS_HEADER]: "198.51.100.9" }), t)).toBe("198.51.100.9");
  });

  it("on a platform that sets its own header: that header only", () => {
    expect(clientAddressOf(req({ ...SPOOF, "x-vercel-forwarded-for": "198.51.100.7" }), trust({ VERCEL: "1", REDIS_URL: "redis://127.0.0.1:6379" }))).toBe("198.51.100.7");
    expect(clientAddressOf(req({ "cf-connecting-ip": "198.51.100.8", "x-forwarded-for": "6.6.6.6" }), trust({ CLIENT_ADDRESS_HEADER: "CF-Connecting-IP" }))).toBe("198.51.100.8");
  });

  it("is unknown when the trusted entry is not an address at all", () => {
    expect(clientAddressOf(req({ "x-forwarded-for": "<script>", [PEER_ADDRESS_HEADER]: "10.0.0.2" }), trust({ TRUSTED_PROXY_HOPS: "1" }))).toBe(UNKNOWN_ADDRESS);
    expect([normalizeAddress("1.2.3.4:8080"), normalizeAddress("[2001:DB8::1]:443"), normalizeAddress("999.1.1.1"), normalizeAddress("")]).toEqual(["1.2.3.4", "2001:db8::1", null, null]);
  });

  it("refuses a malformed range list at start-up", () => {
    expect(() => loadConfig({ TRUSTED_PROXY_RANGES: "10.0.0.0/33" })).toThrow("TRUSTED_PROXY_RANGES must be a comma-separated list");
  });
});
