import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/core/config";
import {
  assertClientAddressSource,
  clientAddressOf,
  clientKeyOfIp,
  isLoopbackPeer,
  normalizeAddress,
  PEER_ADDRESS_HEADER,
  peerStamp,
  UNKNOWN_ADDRESS,
} from "./client-ip";

// The trust model, as the attacker meets it: every header a client can send is tried against
// every configuration; only what the service's own server or a trusted proxy wrote counts.

const trust = (env: Record<string, string> = {}) => loadConfig(env).security.clientAddress;
const req = (h: Record<string, string>) => new Headers(h);
// The key of "this process's server"; the stamp as scripts/next-server.mjs writes it.
const KEY = "stamp-key-of-this-process";
const stamped = (address: string) => peerStamp(address, KEY);
const addressOf = (headers: Headers, t: ReturnType<typeof trust>) => clientAddressOf(headers, t, KEY);
const SPOOF = { "x-forwarded-for": "6.6.6.6", "x-real-ip": "7.7.7.7", "x-vercel-forwarded-for": "8.8.8.8" };

describe("the client's address", () => {
  it("is the connection's own address when no proxy is trusted, whatever the client claims", () => {
    expect(addressOf(req({ ...SPOOF, [PEER_ADDRESS_HEADER]: stamped("203.0.113.5") }), trust())).toBe("203.0.113.5");
    expect(addressOf(req({ [PEER_ADDRESS_HEADER]: stamped("::ffff:203.0.113.5") }), trust())).toBe("203.0.113.5");
  });

  it("is unknown, not the client's word, when the service's server did not stamp the connection", () => {
    expect(addressOf(req(SPOOF), trust())).toBe(UNKNOWN_ADDRESS);
  });

  it("behind one proxy that overwrites X-Forwarded-For: its value", () => {
    expect(
      addressOf(req({ "x-forwarded-for": "198.51.100.7", [PEER_ADDRESS_HEADER]: stamped("10.0.0.2") }), trust({ TRUSTED_PROXY_HOPS: "1" })),
    ).toBe("198.51.100.7");
  });

  it("behind one proxy that appends: the entry it appended, not what the client put before it", () => {
    const appended = req({ "x-forwarded-for": "6.6.6.6, 9.9.9.9, 198.51.100.7", [PEER_ADDRESS_HEADER]: stamped("10.0.0.2") });
    expect(addressOf(appended, trust({ TRUSTED_PROXY_HOPS: "1" }))).toBe("198.51.100.7");
    // Two proxies: one further left.
    expect(
      addressOf(
        req({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.9", [PEER_ADDRESS_HEADER]: stamped("10.0.0.2") }),
        trust({ TRUSTED_PROXY_HOPS: "2" }),
      ),
    ).toBe("198.51.100.7");
  });

  it("with proxy ranges: the right-most address that is not a proxy", () => {
    const t = trust({ TRUSTED_PROXY_RANGES: "10.0.0.0/8, 2001:db8::/32" });
    expect(addressOf(req({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.1.2.3", [PEER_ADDRESS_HEADER]: stamped("2001:db8::1") }), t)).toBe(
      "198.51.100.7",
    );
    // A client connecting directly is itself the right-most untrusted address.
    expect(addressOf(req({ "x-forwarded-for": "6.6.6.6", [PEER_ADDRESS_HEADER]: stamped("198.51.100.9") }), t)).toBe("198.51.100.9");
  });

  it("on a platform that sets its own header: that header only", () => {
    expect(
      addressOf(
        req({ ...SPOOF, "x-vercel-forwarded-for": "198.51.100.7" }),
        trust({ VERCEL: "1", REDIS_URL: "redis://127.0.0.1:6379", S3_BUCKET: "pressdesk-files" }),
      ),
    ).toBe("198.51.100.7");
    expect(
      addressOf(
        req({ "cf-connecting-ip": "198.51.100.8", "x-forwarded-for": "6.6.6.6" }),
        trust({ CLIENT_ADDRESS_HEADER: "CF-Connecting-IP" }),
      ),
    ).toBe("198.51.100.8");
  });

  it("is unknown when the trusted entry is not an address at all", () => {
    expect(
      addressOf(req({ "x-forwarded-for": "<script>", [PEER_ADDRESS_HEADER]: stamped("10.0.0.2") }), trust({ TRUSTED_PROXY_HOPS: "1" })),
    ).toBe(UNKNOWN_ADDRESS);
    expect([
      normalizeAddress("1.2.3.4:8080"),
      normalizeAddress("[2001:DB8::1]:443"),
      normalizeAddress("999.1.1.1"),
      normalizeAddress(""),
    ]).toEqual(["1.2.3.4", "2001:db8::1", null, null]);
  });

  it("ignores a stamp the client wrote itself, or one without this process's key", () => {
    const forged = [
      { [PEER_ADDRESS_HEADER]: "203.0.113.5" },
      { [PEER_ADDRESS_HEADER]: peerStamp("203.0.113.5", "guessed key") },
      { [PEER_ADDRESS_HEADER]: `${stamped("203.0.113.5")}x` },
    ];
    for (const h of forged) expect(addressOf(req({ ...SPOOF, ...h }), trust())).toBe(UNKNOWN_ADDRESS);
    // Served by something else than the service's server (no key at all): the same.
    expect(clientAddressOf(req({ [PEER_ADDRESS_HEADER]: stamped("203.0.113.5") }), trust(), undefined)).toBe(UNKNOWN_ADDRESS);
  });

  it("is unknown when the chain is shorter than the proxies it must have passed", () => {
    // Two proxies configured, one entry before the connection: the client wrote it.
    expect(
      addressOf(req({ "x-forwarded-for": "6.6.6.6", [PEER_ADDRESS_HEADER]: stamped("198.51.100.7") }), trust({ TRUSTED_PROXY_HOPS: "2" })),
    ).toBe(UNKNOWN_ADDRESS);
    // A connection straight to the server, past the proxy, names itself.
    expect(addressOf(req({ [PEER_ADDRESS_HEADER]: stamped("198.51.100.7") }), trust({ TRUSTED_PROXY_HOPS: "1" }))).toBe("198.51.100.7");
  });

  it("counts an IPv6 client by its /64, an IPv4 client by its address", () => {
    expect(clientKeyOfIp("2001:db8:1:2::1")).toBe(clientKeyOfIp("2001:db8:1:2:ffff:ffff:ffff:9"));
    expect(clientKeyOfIp("2001:db8:1:2::1")).toBe(clientKeyOfIp("2001:0db8:0001:0002:0:0:0:77"));
    expect(clientKeyOfIp("2001:db8:1:2::1")).not.toBe(clientKeyOfIp("2001:db8:1:3::1"));
    expect(clientKeyOfIp("::1")).toBe(clientKeyOfIp("::2"));
    expect(clientKeyOfIp("64:ff9b:1:2::1.2.3.4")).toBe(clientKeyOfIp("64:ff9b:1:2::"));
    expect(clientKeyOfIp("198.51.100.7")).not.toBe(clientKeyOfIp("198.51.100.8"));
  });

  it("makes a production server without any source of addresses refuse to start", () => {
    const production = loadConfig({
      DATABASE_URL: "postgresql://db/app",
      APP_KEY: "k",
      HEALTH_TOKEN: "t",
      RESEND_API_KEY: "re_test",
      ARCHIVE_SIGNING_KEY: "a",
      NODE_ENV: "production",
    });
    expect(() => assertClientAddressSource(production, { NODE_ENV: "production" })).toThrow("client addresses: no source");
    expect(() => assertClientAddressSource(production, { NODE_ENV: "production", PD_PEER_STAMP_KEY: "k" })).not.toThrow();
    const proxied = loadConfig({
      DATABASE_URL: "postgresql://db/app",
      APP_KEY: "k",
      HEALTH_TOKEN: "t",
      RESEND_API_KEY: "re_test",
      ARCHIVE_SIGNING_KEY: "a",
      NODE_ENV: "production",
      TRUSTED_PROXY_HOPS: "1",
    });
    expect(() => assertClientAddressSource(proxied, { NODE_ENV: "production" })).not.toThrow();
  });

  it("refuses a malformed range list at start-up", () => {
    expect(() => loadConfig({ TRUSTED_PROXY_RANGES: "10.0.0.0/33" })).toThrow("TRUSTED_PROXY_RANGES must be a comma-separated list");
  });
});

describe("isLoopbackPeer (the local mailbox's gate)", () => {
  const key = "stamp-key-for-this-test";
  const stamped = (address: string, k = key) => new Headers({ [PEER_ADDRESS_HEADER]: peerStamp(address, k) });
  it("holds only for a connection from this machine, stamped by our own server", () => {
    expect(isLoopbackPeer(stamped("127.0.0.1"), key)).toBe(true);
    expect(isLoopbackPeer(stamped("::1"), key)).toBe(true);
    expect(isLoopbackPeer(stamped("192.168.1.20"), key)).toBe(false);
    // A client that writes the header itself, or sends X-Forwarded-For: 127.0.0.1, is not local.
    expect(isLoopbackPeer(stamped("127.0.0.1", "guessed-key"), key)).toBe(false);
    expect(isLoopbackPeer(new Headers({ "x-forwarded-for": "127.0.0.1" }), key)).toBe(false);
    expect(isLoopbackPeer(stamped("127.0.0.1"), undefined)).toBe(false);
  });
});
