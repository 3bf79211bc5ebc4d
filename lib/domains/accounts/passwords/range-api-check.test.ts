import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rangeApiBreachCheck } from "./range-api-check";

// A local HTTP server stands in for the range API; no test reaches the internet.
let server: Server;
let baseUrl: string;
let requests: { url?: string; padding?: string | string[] }[] = [];
let reply: (req: IncomingMessage, res: ServerResponse) => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url, padding: req.headers["add-padding"] });
    reply(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections(); // the request left hanging on purpose
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  requests = [];
});

const sha1 = (s: string) => createHash("sha1").update(s, "utf8").digest("hex").toUpperCase();
const BREACHED = "Kranich-Ufer-Stein-47";
const PADDED = "Nebel-Turm-Fahrrad-93";
const CLEAN = "Mond-Kiesel-Laterne-18";

/** A range answer as the real service gives it: CRLF lines, real rows and count-0 padding rows. */
function rangeBody(prefix: string): string {
  const rows = [`0018A45C4D1DEF81644B54AB7F969B88D65:21`, `00D4F6E8FA6EECAD2A3AA415EEC418D38EC:2`];
  if (sha1(BREACHED).startsWith(prefix)) rows.push(`${sha1(BREACHED).slice(5)}:3861493`);
  // A padding row may even carry the asked suffix; count 0 means "not in any breach".
  if (sha1(PADDED).startsWith(prefix)) rows.push(`${sha1(PADDED).slice(5)}:0`);
  for (let i = 0; i < 5; i++) rows.push(`${createHash("sha1").update(`pad${i}`).digest("hex").toUpperCase().slice(5)}:0`);
  return rows.join("\r\n");
}
const serveRange = (req: IncomingMessage, res: ServerResponse) =>
  res.writeHead(200, { "content-type": "text/plain" }).end(rangeBody(req.url!.split("/").pop()!));

describe("the range API adapter", () => {
  it("sends only the five-character prefix with padding asked for, and finds a breached suffix", async () => {
    reply = serveRange;
    const check = rangeApiBreachCheck({ baseUrl: `${baseUrl}/`, onUnavailable: () => expect.unreachable() });
    expect(await check.isBreached(BREACHED)).toBe(true);
    expect(requests).toEqual([{ url: `/range/${sha1(BREACHED).slice(0, 5)}`, padding: "true" }]);
    expect(requests[0]!.url).not.toContain(sha1(BREACHED).slice(5));
  });

  it("ignores count-0 padding rows and reports an unknown password as not breached", async () => {
    reply = serveRange;
    const check = rangeApiBreachCheck({ baseUrl, onUnavailable: () => expect.unreachable() });
    expect(await check.isBreached(PADDED)).toBe(false);
    expect(await check.isBreached(CLEAN)).toBe(false);
  });

  it("lets the password through and reports the outage when the service fails, hangs or is gone", async () => {
    const reasons: string[] = [];
    const onUnavailable = (reason: string) => reasons.push(reason);

    reply = (_req, res) => res.writeHead(503).end();
    expect(await rangeApiBreachCheck({ baseUrl, onUnavailable }).isBreached(BREACHED)).toBe(false);

    reply = () => {}; // never answers
    expect(await rangeApiBreachCheck({ baseUrl, onUnavailable, timeoutMs: 200 }).isBreached(BREACHED)).toBe(false);

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await rangeApiBreachCheck({ baseUrl: `http://127.0.0.1:${port}`, onUnavailable }).isBreached(BREACHED)).toBe(false);

    expect(reasons).toEqual(["status 503", "TimeoutError", "ECONNREFUSED"]);
    // The reasons never carry the password or its hash.
    expect(reasons.join(" ")).not.toMatch(new RegExp(`${BREACHED}|${sha1(BREACHED).slice(0, 5)}`));
  });
});
