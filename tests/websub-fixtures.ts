import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { POST } from "@/app/hub/websub/route";

// A WebSub subscriber for tests: a real HTTP server on 127.0.0.1 that answers the hub's intent
// verifications (echoing the challenge unless told otherwise) and records every content delivery.

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
  /** performance.now() when the request had arrived whole. */
  at: number;
}

/** `delayMs`, then `until` (if given) must pass before the answer goes out. */
type Answer = { status: number; body?: string; delayMs?: number; until?: Promise<unknown> };

export interface Subscriber {
  /** `127.0.0.1:{port}`: the callback host the hub counts and throttles by. */
  host: string;
  callback(path?: string): string;
  received: Received[];
  verifications(path?: string): Received[];
  deliveries(path?: string): Received[];
  /** How to answer a verification GET; default: 200 with the challenge. */
  onVerify: (r: Received) => Answer;
  /** How to answer a delivery POST; default: 204. */
  onDelivery: (r: Received) => Answer;
  /** Most deliveries this server had in flight at once. */
  maxInFlight: number;
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSubscriber(): Promise<Subscriber> {
  let inFlight = 0;
  const state: Subscriber = {
    host: "",
    callback: (path = "/cb") => `http://${state.host}${path}`,
    received: [],
    verifications: (path) => state.received.filter((r) => r.method === "GET" && (!path || r.path === path)),
    deliveries: (path) => state.received.filter((r) => r.method === "POST" && (!path || r.path === path)),
    onVerify: (r) => ({ status: 200, body: r.query.get("hub.challenge") ?? "" }),
    onDelivery: () => ({ status: 204 }),
    maxInFlight: 0,
    async waitFor(predicate, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > until) throw new Error("waited in vain");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const r: Received = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: performance.now(),
      };
      state.received.push(r);
      const isDelivery = r.method === "POST";
      if (isDelivery) state.maxInFlight = Math.max(state.maxInFlight, ++inFlight);
      const answer = isDelivery ? state.onDelivery(r) : state.onVerify(r);
      setTimeout(() => {
        void Promise.resolve(answer.until).then(() => {
          if (isDelivery) inFlight--;
          res.writeHead(answer.status, { "content-type": "text/plain" });
          res.end(answer.body ?? "");
        });
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A client address of its own per test, so the per-client throttle never meets another test's. */
export const clientAddress = () => `203.0.113.${1 + (randomBytes(1)[0]! % 250)}`;

/** POSTs a WebSub request to the hub's route as a subscriber would. */
export function hubRequest(fields: Record<string, string> | string, opts: { ip?: string; contentType?: string } = {}): Promise<Response> {
  return POST(
    new Request("http://hub.localhost:3000/websub", {
      method: "POST",
      headers: {
        "content-type": opts.contentType ?? "application/x-www-form-urlencoded",
        "x-forwarded-for": opts.ip ?? clientAddress(),
      },
      body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
    }),
  );
}
