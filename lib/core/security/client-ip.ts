import { createHmac, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { getConfig, type Config } from "@/lib/core/config";
import type { CidrRange } from "@/lib/core/config/parse";
import { processSingleton } from "@/lib/core/process-singleton";

// Which address a request came from, under a configured trust model. Every throttle keyed by
// client (sign-in failures, mail budgets, shares, API auth) depends on it, so it must be an
// address the client cannot choose:
//   - the connection's own address, stamped by the service's server (scripts/next-server.mjs)
//     into PEER_ADDRESS_HEADER with an HMAC under a key only that process knows, overwriting
//     whatever a client sent under that name (another server in front of Next, `next start`,
//     leaves a client's forgery there: without the key it is ignored);
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

const listOf = (header: string | null) =>
  (header ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

function proxyList(ranges: CidrRange[]): BlockList {
  const list = new BlockList();
  for (const r of ranges) list.addSubnet(r.address, r.prefix, r.family);
  return list;
}

// Built once per distinct configuration (tests change it).
const lists = processSingleton("trusted-proxy-lists", () => new WeakMap<CidrRange[], BlockList>());

/** The stamp scripts/next-server.mjs writes: `address;HMAC-SHA256(key, address)` in base64url. */
export function peerStamp(address: string, key: string): string {
  return `${address};${createHmac("sha256", key).update(address).digest("base64url")}`;
}

/** The stamped connection address, when the stamp is this process's own; null otherwise. */
function stampedPeer(headers: Headers, key: string | undefined): string | null {
  const value = headers.get(PEER_ADDRESS_HEADER);
  if (!key || !value) return null;
  const address = value.slice(0, value.lastIndexOf(";"));
  const expected = Buffer.from(peerStamp(address, key));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? normalizeAddress(address) : null;
}

/** Whether the connection itself comes from this machine (stamped by our server; proxies and headers do not count). */
export function isLoopbackPeer(headers: Headers, stampKey = process.env.PD_PEER_STAMP_KEY): boolean {
  const peer = stampedPeer(headers, stampKey);
  return peer === "127.0.0.1" || peer === "::1";
}

/**
 * The client's address from the request headers, under `trust`; UNKNOWN_ADDRESS when there is
 * none to trust. `stampKey` is the key of this process's server (PD_PEER_STAMP_KEY).
 */
export function clientAddressOf(headers: Headers, trust: AddressTrust, stampKey = process.env.PD_PEER_STAMP_KEY): string {
  if (trust.platformHeader) return normalizeAddress(listOf(headers.get(trust.platformHeader))[0]) ?? UNKNOWN_ADDRESS;
  const peer = stampedPeer(headers, stampKey);
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
  // A chain shorter than the proxies it must have passed did not come through them: its left
  // end is the client's own word. Only a connection straight to the server names itself.
  if (chain.length - 1 - hops < 0) return peer && chain.length === 1 ? peer : UNKNOWN_ADDRESS;
  return normalizeAddress(chain[chain.length - 1 - hops]) ?? UNKNOWN_ADDRESS;
}

const SOURCE_HINT =
  "Start the service with `npm start` (its server stamps each connection), or set TRUSTED_PROXY_HOPS, TRUSTED_PROXY_RANGES or CLIENT_ADDRESS_HEADER (docs/security.md).";

/**
 * At start: whether any source of client addresses exists (this process's own server, trusted
 * proxies, a platform header). A production server without one would count every client as one
 * and let a single stranger throttle everybody: it refuses to start. Elsewhere a warning.
 */
export function assertClientAddressSource(
  config: Pick<Config, "app" | "security">,
  env: Record<string, string | undefined> = process.env,
): void {
  const trust = config.security.clientAddress;
  if (env.PD_PEER_STAMP_KEY || trust.platformHeader || trust.proxyHops > 0 || trust.proxyRanges.length) return;
  const message = `client addresses: no source. ${SOURCE_HINT}`;
  if (config.app.mode === "production" && env.NODE_ENV === "production") throw new Error(message);
  console.warn(message);
}

const warned = processSingleton("client-address-warning", () => ({ done: false }));

function unknownWithWarning(): string {
  if (!warned.done) {
    warned.done = true;
    console.error(`client addresses: unknown. ${SOURCE_HINT} Until then all clients share one throttle key.`);
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

/** The first four groups of an IPv6 address: the /64 one subscriber usually holds whole. */
function ipv6Prefix64(address: string): string {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The same key for an address already read from the request. An IPv6 client is counted by its
 * /64: one subscriber gets a whole /64 and could otherwise take a fresh address, and a fresh
 * budget, for every request.
 */
export function clientKeyOfIp(ip: string): string {
  const { value, keyVersion } = ipHmac(isIP(ip) === 6 ? ipv6Prefix64(ip) : ip);
  return `v${keyVersion}:${value}`;
}
