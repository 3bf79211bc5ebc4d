import { promises as dns } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { type OutboundPolicy, checkOutboundUrl, isLoopbackAddress, isPublicAddress, literalAddress } from "./outbound-address";

/**
 * Every HTTP request the service sends to a URL a customer gave us (webhook endpoints, WebSub
 * subscriber callbacks) goes through `sendOutbound`, so none of them can be turned against our
 * own network (SSRF): the name is resolved per attempt, every answer judged, and the connection
 * made to exactly the address that was judged.
 */
export { checkOutboundUrl, isPublicAddress, type OutboundPolicy } from "./outbound-address";

export interface OutboundRequest {
  url: string;
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Whole exchange: connect, send, wait for the answer and read the body. */
  timeoutMs: number;
  /** The answer's body is read up to this many bytes, then the connection is dropped. */
  maxResponseBytes: number;
}

export type OutboundResult =
  | { kind: "response"; status: number; headers: Record<string, string>; body: Buffer; truncated: boolean; latencyMs: number }
  | {
      kind: "refused";
      reason: "invalid" | "scheme" | "credentials" | "private-address" | "too-long" | "dns";
      message: string;
      latencyMs: number;
    }
  | { kind: "failed"; reason: "timeout" | "network"; message: string; latencyMs: number };

export interface OutboundDeps {
  /** All addresses the name has now; tests stand in for DNS with it. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const DEFAULT_USER_AGENT = "Pressdesk-Webhooks/1.0";

// c-ares queries, not getaddrinfo: a name whose servers never answer would hold one of the few
// threads libuv gives lookups, and with them every lookup of this process (database, mail, S3).
const resolver = new dns.Resolver({ timeout: 2500, tries: 2 });

async function resolveByDns(hostname: string): Promise<string[]> {
  // RFC 6761: localhost names are loopback without asking anyone (refused before here unless allowed).
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return ["127.0.0.1"];
  const answers = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
  const addresses = answers.flatMap((a) => (a.status === "fulfilled" ? a.value : []));
  if (addresses.length) return addresses;
  throw answers.find((a): a is PromiseRejectedResult => a.status === "rejected")?.reason ?? new Error("no address");
}

/**
 * Sends one request to a customer's URL. Never follows redirects (a 3xx is just the answer) and
 * never throws for network conditions: those come back as "failed" or "refused".
 */
export async function sendOutbound(request: OutboundRequest, policy: OutboundPolicy, deps: OutboundDeps = {}): Promise<OutboundResult> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  try {
    const checked = checkOutboundUrl(request.url, policy);
    if (!checked.ok) return { kind: "refused", reason: checked.reason, message: checked.message, latencyMs: elapsed() };
    const url = new URL(checked.url);
    const literal = literalAddress(url.hostname);

    // Resolved on every attempt, never cached: the URL passed when it was entered, but the name
    // may point somewhere else by now.
    let addresses: string[];
    try {
      addresses = literal !== null ? [literal] : await untilAborted((deps.resolve ?? resolveByDns)(url.hostname), controller.signal);
    } catch (error) {
      if (controller.signal.aborted) throw error;
      return { kind: "refused", reason: "dns", message: `The host name could not be resolved${codeOf(error)}.`, latencyMs: elapsed() };
    }
    if (addresses.length === 0) return { kind: "refused", reason: "dns", message: "The host name has no address.", latencyMs: elapsed() };
    // Any one bad answer refuses: which of several addresses a client picks is not ours to rely on.
    if (addresses.some((address) => !isPublicAddress(address, policy))) {
      return {
        kind: "refused",
        reason: "private-address",
        message: "The host resolves to a private or reserved address.",
        latencyMs: elapsed(),
      };
    }
    if (url.protocol === "http:" && !addresses.every(isLoopbackAddress)) {
      return { kind: "refused", reason: "scheme", message: "Plain http is only allowed to localhost.", latencyMs: elapsed() };
    }
    return await exchange(url, addresses[0]!, request, controller.signal, elapsed);
  } catch (error) {
    const timedOut = controller.signal.aborted;
    return {
      kind: "failed",
      reason: timedOut ? "timeout" : "network",
      message: failureMessage(error, timedOut, request),
      latencyMs: elapsed(),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Connects to `address` (already judged), whatever name the URL carries, and reads the answer. */
function exchange(
  url: URL,
  address: string,
  request: OutboundRequest,
  signal: AbortSignal,
  elapsed: () => number,
): Promise<OutboundResult> {
  return new Promise((resolve) => {
    const family = isIP(address);
    // Node asks this instead of DNS, so a rebinding between our check and the connect cannot
    // land anywhere else. Node skips it for literal IPs, which were judged as written.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const literal = literalAddress(url.hostname);
    const isHttps = url.protocol === "https:";
    let req: http.ClientRequest | undefined;
    let isSettled = false;
    const settle = (result: OutboundResult) => {
      if (isSettled) return;
      isSettled = true;
      signal.removeEventListener("abort", onAbort);
      req?.destroy();
      resolve(result);
    };
    const fail = (error: unknown) => {
      const timedOut = signal.aborted;
      settle({
        kind: "failed",
        reason: timedOut ? "timeout" : "network",
        message: failureMessage(error, timedOut, request),
        latencyMs: elapsed(),
      });
    };
    const onAbort = () => fail(signal.reason);
    if (signal.aborted) return fail(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });

    try {
      req = (isHttps ? https : http).request({
        protocol: url.protocol,
        hostname: literal ?? url.hostname,
        port: url.port === "" ? undefined : Number(url.port),
        path: url.pathname + url.search,
        method: request.method,
        headers: outgoingHeaders(request),
        lookup,
        signal,
        // A fresh connection each time: a pooled socket would skip the address check above.
        agent: false,
        // Certificates are checked against the name the customer gave, as a browser would.
        ...(isHttps && literal === null ? { servername: url.hostname.replace(/\.$/, "") } : {}),
      });
    } catch (error) {
      return fail(error);
    }
    req.on("error", fail);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (truncated: boolean) =>
        settle({
          kind: "response",
          status: res.statusCode ?? 0,
          headers: flattenHeaders(res.headersDistinct),
          body: Buffer.concat(chunks),
          truncated,
          latencyMs: elapsed(),
        });
      res.on("data", (chunk: Buffer) => {
        const room = request.maxResponseBytes - size;
        if (chunk.length > room) {
          // Whoever streams more than we read gets cut off, not waited for.
          chunks.push(chunk.subarray(0, room));
          size += room;
          return finish(true);
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on("end", () => finish(false));
      res.on("error", fail);
      res.on("close", () => {
        if (!res.complete) fail(new Error("The connection closed before the answer was complete."));
      });
    });
    req.end(request.body);
  });
}

function outgoingHeaders(request: OutboundRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    // The length is ours to state: a wrong one would desync the connection.
    if (name.toLowerCase() !== "content-length") headers[name] = value;
  }
  if (!Object.keys(headers).some((name) => name.toLowerCase() === "user-agent")) headers["user-agent"] = DEFAULT_USER_AGENT;
  if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
  return headers;
}

function flattenHeaders(distinct: NodeJS.Dict<string[]>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(distinct)) {
    if (values !== undefined) headers[name.toLowerCase()] = values.join(", ");
  }
  return headers;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function failureMessage(error: unknown, timedOut: boolean, request: OutboundRequest): string {
  if (timedOut) return `No complete answer within ${request.timeoutMs} ms.`;
  const detail = error instanceof Error ? error.message : String(error);
  return `The request failed: ${detail}`.slice(0, 300);
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? ` (${code})` : "";
}
