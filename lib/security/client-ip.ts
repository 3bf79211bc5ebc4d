import { createHmac } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { getConfig, type Config } from "@/lib/config";
import type { CidrRange } from "@/lib/config/parse";
import { processSingleton } from "@/lib/process-singleton";

// Which address a request came from, under a configured trust model. Every throttle keyed by
// client (sign-in failures, mail budgets, shares, API auth) depends on it, so it must be an
// address the client cannot choose:
//   - the connection's own address, stamped by the service's server (scripts/next-server.mjs)
//     into PEER_ADDRESS_HEADER, overwriting whatever a client sent under that name;
//   - behind N trusted proxies (TRUSTED_PROXY_HOPS), the address N hops from the right of
//     X-Forwarded-For + the connection: entries further left are the client's own words;
//   - or, with TRUSTED_PROXY_RANGES, the right-most address that is not one of the proxies;
//   - on a platform that sets a header of its own (Vercel), that header (CLIENT_ADDRESS_HEADER).

export const PEER_ADDRESS_HEADER = "x-pd-peer-address";
export const UNKNOWN_ADDRESS = "unknown";

type AddressTrust = Config["security"]["clientAddress"];

/** `1.2.3.4`, `1.2.3.4:5678`, `[2001:db8::1]:443`, `::ffff:1.2.3.4` as a plain address; null when none. */
export function normalizeAddress(raw: string | null | undefined): string | null {
  let a = (raw ?? "").trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(a)) a = a.slice(7);
  return isIP(a) ? a.toLowerCase() : null;
}

const listOf = (header: string | null) => (header ?? "").split(",").map((s) => s.trim()).filter(Boolean);

function proxyList(ranges: CidrRange[]): BlockList {
  const list = new BlockList();
  for (const r of ranges) list.addSubnet(r.address, r.prefix, r.family);
  return list;
}

// Built once per distinct configuration (tests change it).
const lists = processSingleton("trusted-proxy-lists", () => new WeakMap<CidrRange[], BlockList>());

/** The client's address from the request headers, under `trust`; UNKNOWN_ADDRESS when there is none to trust. */
export function clientAddressOf(headers: Headers, trust: AddressTrust): string {
  if (trust.platformHeader) return normalizeAddress(listOf(headers.get(trust.platformHeader))[0]) ?? UNKNOWN_ADDRESS;
  const peer = normalizeAddress(headers.get(PEER_ADDRESS_HEADER));
  // Not served by scripts/next-server.mjs and no proxy trusted: every remaining header is the client's own word.
  if (!peer && trust.proxyHops === 0 && !trust.proxyRanges.length) return unknownWithWarning();
  // The hop chain, nearest last: what the proxies reported, then the connection itself.
  const chain = [...listOf(headers.get("x-forwarded-for")), ...(peer ? [peer] : [])];
  if (!chain.length) return UNKNOWN_ADDRESS;
  if (trust.proxyRanges.length) {
    let list = lists.get(trust.proxyRanges);
    if (!list) lists.set(trust.proxyRanges, (list = proxyList(trust.proxyRanges)));
    for (let i = chain.length - 1; i >= 0; i--) {
      const address = normalizeAddress(chain[i]);
      if (!address) return UNKNOWN_ADDRESS;
      if (i === 0 || !list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6")) return address;
    }
  }
  // Without the stamped connection the chain lacks its last hop (the nearest proxy): one fewer to skip.
  const hops = peer ? trust.proxyHops : trust.proxyHops - 1;
  return normalizeAddress(chain[Math.max(0, chain.length - 1 - hops)]) ?? UNKNOWN_ADDRESS;
}

const warned = processSingleton("client-address-warning", () => ({ done: false }));

function unknownWithWarning(): string {
  if (!warned.done) {
    warned.done = true;
    console.error("client addresses: unknown. Start the service with `npm start` (its server stamps the connection's address), or set TRUSTED_PROXY_HOPS, TRUSTED_PROXY_RANGES or CLIENT_ADDRESS_HEADER (docs/security.md). Until then all clients share one throttle key.");
  }
  return UNKNOWN_ADDRESS;
}

/** The client's address as the configured trust model sees it; never stored or logged as is. */
export function clientIpOf(headers: Headers): string {
  return clientAddressOf(headers, getConfig().security.clientAddress);
}

export interface IpHmac {
  value: string;
  keyVersion: number;
}

/** The address as a shortened HMAC with the key's version (spec: IPs only as versioned HMACs). */
export function ipHmac(ip: string): IpHmac {
  const { ipHmacKey, ipHmacKeyVersion } = getConfig().security;
  return { value: createHmac("sha256", ipHmacKey).update(ip).digest("base64url").slice(0, 22), keyVersion: ipHmacKeyVersion };
}

/** The key rate limits and throttles count a client by. */
export function clientKeyOf(headers: Headers): string {
  return clientKeyOfIp(clientIpOf(headers));
}

/** The same key for an address already read from the request. */
export function clientKeyOfIp(ip: string): string {
  const { value, keyVersion } = ipHmac(ip);
  return `v${keyVersion}:${value}`;
}
